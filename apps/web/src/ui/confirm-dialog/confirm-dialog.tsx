import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A yes/no question before something hard to undo (deleting a card, cancelling a request); focus
 * starts on the safe answer, a refusal from the server is shown in the dialog, and it stays open
 * while the answer is on its way.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  cancelLabel = 'Cancel',
  busy = false,
  refusal,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Why the server refused the last try. */
  refusal?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onCancel} title={title} centered size="md">
      <Stack gap="lg">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {refusal ? (
          <Alert color="red" title="Refused" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus disabled={busy}>
            {refusal ? 'Close' : cancelLabel}
          </Button>
          {refusal ? null : (
            <Button color={confirmColor} onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

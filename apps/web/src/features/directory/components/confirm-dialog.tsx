import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something hard to undo. Focus starts on Cancel, the safe answer. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered size="md">
      <Stack gap="lg">
        {typeof props.children === 'string' ? <Text>{props.children}</Text> : props.children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} data-autofocus disabled={props.busy}>
            Cancel
          </Button>
          <Button color={props.confirmColor ?? 'red'} onClick={props.onConfirm} loading={props.busy}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

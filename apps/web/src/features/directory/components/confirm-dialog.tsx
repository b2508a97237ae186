import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect } from 'react';

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

/**
 * Told when a confirmation opens or closes over a drawer: Mantine's overlays each listen for Escape
 * on the window, so without it one Escape would close the question and the drawer under it.
 */
export const NestedConfirmContext = createContext<((open: boolean) => void) | null>(null);

/** A yes/no question before something hard to undo. Focus starts on Cancel, the safe answer. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const report = useContext(NestedConfirmContext);
  useEffect(() => {
    if (!props.opened || !report) return;
    report(true);
    return () => report(false);
  }, [props.opened, report]);

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

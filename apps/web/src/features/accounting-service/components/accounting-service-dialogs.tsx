import { ACCOUNTING_SERVICE_NAME } from '@app/shared/xero/xero.messages';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useDisconnectXero } from '../api/xero-connection.ts';
import type { AccountingService } from './use-accounting-service.ts';
import { XeroFailuresDialog } from './xero-failures-dialog.tsx';
import { XeroSettingsDialog } from './xero-settings-dialog.tsx';

/** The menu's dialogs, outside the dropdown so they outlive it: account codes, failures, Disconnect. */
export function AccountingServiceDialogs({ service }: { service: AccountingService }) {
  const disconnect = useDisconnectXero();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    disconnect.reset();
    service.closeDialog();
  };
  const tenant = service.status?.connection?.tenant_name;
  return (
    <>
      <XeroSettingsDialog opened={service.dialog === 'settings'} onClose={service.closeDialog} />
      <XeroFailuresDialog
        run={service.failedRun}
        opened={service.dialog === 'failures'}
        onClose={service.closeDialog}
      />
      <ConfirmDialog
        opened={service.dialog === 'disconnect'}
        title={`Disconnect ${ACCOUNTING_SERVICE_NAME}?`}
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        refusal={refusal}
        onCancel={close}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              toast.success(`Disconnected from ${ACCOUNTING_SERVICE_NAME}.`);
              close();
            },
            onError: (error) => setRefusal(errorDetail(error) ?? 'Xero could not be disconnected.'),
          })
        }
      >
        <Text size="sm">
          {tenant ? `${tenant} will be disconnected` : `${ACCOUNTING_SERVICE_NAME} will be disconnected`}: the
          syncs stop until someone connects again. Records already in Xero stay there, and their links are
          kept for the next connection to the same organisation.
        </Text>
      </ConfirmDialog>
    </>
  );
}

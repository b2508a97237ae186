import { ACCOUNT_TYPES } from '@app/shared/value-lists';
import { type XeroSettings, XeroSettingsSchema } from '@app/shared/xero/xero.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors } from '../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../ui/form/dialog-footer.tsx';
import { TextField } from '../../../ui/form/form-fields.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useSaveXeroSettings, useXeroSettings } from '../api/xero-settings.ts';

const SERVER_FIELDS = ['account_codes', 'payment_account_code', 'bank_account_codes'] as const;

/**
 * "Account codes…": the Xero accounts pushed lines are coded with, per account type (spec 3): the
 * revenue account of client invoice lines and the expense account of bill lines, and the bank
 * account payments are recorded against. Saved with PUT xero/settings/.
 */
export function XeroSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Xero account codes" size="lg" centered>
      {opened ? <SettingsLoader onClose={onClose} /> : null}
    </Modal>
  );
}

function SettingsLoader({ onClose }: { onClose: () => void }) {
  const settings = useXeroSettings();
  if (settings.data) return <SettingsForm settings={settings.data} onClose={onClose} />;
  if (settings.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorDetail(settings.error) ?? 'The account codes could not be loaded.'}
      </Text>
    );
  }
  return (
    <Stack align="center" py="lg">
      <Loader size="sm" aria-label="Loading the account codes" />
    </Stack>
  );
}

function SettingsForm({ settings, onClose }: { settings: XeroSettings; onClose: () => void }) {
  const save = useSaveXeroSettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<XeroSettings>({ resolver: zodResolver(XeroSettingsSchema), defaultValues: settings });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await save.mutateAsync(values);
      toast.success('The Xero account codes were saved.');
      onClose();
    } catch (error) {
      if (showServerFieldErrors(error, SERVER_FIELDS, setFormError(form.setError))) return;
      if (!hasFieldErrors(error)) setRefusal(errorDetail(error) ?? 'The account codes were not saved.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pushed invoice lines go to the sales account of their account type, bill lines to its purchases
          account. Codes are Xero&apos;s (for example 200 or 400), up to 10 characters.
        </Text>
        {ACCOUNT_TYPES.map((type) => (
          <fieldset key={type} style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              {type}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextField
                control={control}
                name={`account_codes.${type}.sales`}
                label="Sales account (invoices)"
                required
              />
              <TextField
                control={control}
                name={`account_codes.${type}.purchases`}
                label="Purchases account (bills)"
                required
              />
            </SimpleGrid>
          </fieldset>
        ))}
        <TextField
          control={control}
          name="payment_account_code"
          label="Payment account"
          description="The Xero bank account payments are recorded against"
          required
        />
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not saved"
          submitLabel="Save"
          submitting={save.isPending}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

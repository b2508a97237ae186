import { type VatRate, type VatRatesBody, VatRatesBodySchema } from '@app/shared/reports/vat-rates.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors } from '../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../ui/form/dialog-footer.tsx';
import { TextInput } from '../../../ui/text-input/text-input.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useVatRates } from '../api/get-vat-rates.ts';
import { useUpdateVatRates } from '../api/update-vat-rates.ts';

/** The form holds the body as the API takes it: rate null = not subject. */
type VatRatesForm = z.input<typeof VatRatesBodySchema>;

/** The three TOMS VAT rates (Admin): a percent each, or not subject. */
export function VatRatesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const rates = useVatRates(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="TOMS VAT rates" size="md">
      {!opened ? null : rates.data ? (
        <VatRatesFormBody rates={rates.data} onClose={onClose} />
      ) : rates.isError ? (
        <Alert color="red" role="alert">
          The rates could not be loaded. Close this dialog and try again.
        </Alert>
      ) : (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading the rates" />
        </Group>
      )}
    </Modal>
  );
}

function VatRatesFormBody({ rates, onClose }: { rates: VatRate[]; onClose: () => void }) {
  const save = useUpdateVatRates();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, setFocus, formState } = useForm<
    VatRatesForm,
    unknown,
    VatRatesBody
  >({
    defaultValues: { rates: rates.map((r) => ({ account_type: r.account_type, rate: r.rate })) },
    resolver: zodResolver(VatRatesBodySchema),
  });

  const submit = handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await save.mutateAsync(body);
      toast.success('VAT rates saved.');
      onClose();
    } catch (error) {
      if (hasFieldErrors(error)) showServerFieldErrors(error, ['rates'], setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The rates could not be saved. Try again.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="TOMS VAT rates">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Percent of the VAT-inclusive margin, up to 2 decimals: VAT due = margin × rate / (100 + rate). Tick
          “Not subject” for a type TOMS VAT does not apply to. The rates apply to every period the report is
          run for.
        </Text>
        {rates.map((r, i) => (
          <Controller
            key={r.account_type}
            control={control}
            name={`rates.${i}.rate`}
            render={({ field, fieldState }) => (
              <Group align="flex-start" gap="md" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <TextInput
                    label={`${r.account_type}, %`}
                    name={field.name}
                    ref={field.ref}
                    value={field.value === null ? '' : String(field.value)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={field.value === null}
                    placeholder={field.value === null ? 'Not subject' : 'e.g. 20'}
                    inputMode="decimal"
                    mask={{ kind: 'numeric' }}
                    error={fieldState.error?.message}
                    required={field.value !== null}
                  />
                </div>
                <Checkbox
                  mt={32}
                  label="Not subject"
                  // three boxes read "Not subject": each says which type it is for
                  aria-label={`${r.account_type}: not subject`}
                  checked={field.value === null}
                  onChange={(event) => {
                    const none = event.currentTarget.checked;
                    setValue(`rates.${i}.rate`, none ? null : '', { shouldValidate: false });
                    if (!none) setTimeout(() => setFocus(`rates.${i}.rate`), 0);
                  }}
                />
              </Group>
            )}
          />
        ))}
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not saved"
          submitLabel="Save"
          submitting={formState.isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

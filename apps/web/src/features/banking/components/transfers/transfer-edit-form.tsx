import {
  TRANSACTION_REFERENCE_MAX,
  type Transaction,
  type UpdateTransactionBody,
} from '@app/shared/banking/transactions.schemas';
import { dateField, optionalString } from '@app/shared/validation/fields.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { DatePicker } from '../../../../ui/dates/date-picker.tsx';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useUpdateTransaction } from '../../api/transactions/update-transaction.ts';
import { autofocusRef } from '../common/dialog-focus.ts';
import { ReferenceField } from '../common/reference-field.tsx';
import { signedAmount } from '../common/transaction-cells.tsx';

const TransferEditSchema = z.object({
  date: dateField(),
  reference: optionalString(TRANSACTION_REFERENCE_MAX, { multiline: true }),
});
type TransferEditInput = { date: string; reference: string };
type TransferEditOutput = z.output<typeof TransferEditSchema>;

const STALE =
  'This transfer was changed by someone else while you were editing it. Close this dialog and open it again to see the latest version.';

/**
 * Editing one leg of a transfer: only its date and reference change, and its pair changes with
 * it (`TRANSACTION_MESSAGES.transferFields`); other amounts or accounts are a new transfer.
 */
export function TransferEditForm({
  transaction,
  onClose,
  onSaved,
}: {
  transaction: Transaction;
  onClose: () => void;
  onSaved: (transaction: Transaction) => void;
}) {
  const update = useUpdateTransaction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<
    TransferEditInput,
    unknown,
    TransferEditOutput
  >({
    defaultValues: { date: transaction.date, reference: transaction.reference ?? '' },
    resolver: zodResolver(TransferEditSchema) as never,
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const body: UpdateTransactionBody = { version: transaction.version };
    if (values.date !== transaction.date) body.date = values.date;
    const reference = values.reference ? values.reference : null;
    if (reference !== transaction.reference) body.reference = reference;
    try {
      const saved = await update.mutateAsync({ id: transaction.id, body });
      toast.success('Transfer saved: both legs.');
      onSaved(saved);
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setRefusal(STALE);
      else if (hasFieldErrors(error))
        showServerFieldErrors(error, ['date', 'reference'], setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The transfer could not be saved. Try again.');
    }
  });

  const pair = transaction.pair;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit transfer">
      <Stack gap="md">
        <Text size="sm">
          {formatMoney(signedAmount(transaction.amount, transaction.type), transaction.currency)} on{' '}
          {transaction.bank.named}
          {pair ? `, paired with ${formatMoney(pair.amount, pair.currency)} on ${pair.bank}` : ''}. The date
          and reference change on both legs; to change the amounts or accounts, delete the transfer and enter
          it again.
        </Text>
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <DatePicker
              label="Date"
              required
              name={field.name}
              ref={autofocusRef(field.ref)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
            />
          )}
        />
        <ReferenceField control={control} onEnter={() => void submit()} />
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not saved"
          submitLabel="Save changes"
          submitting={formState.isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Input, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { DateField, TextField } from '../../../../ui/form/form-fields.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useBillableLines } from '../../api/bills/list-billable-lines.ts';
import { useUpdateBill } from '../../api/bills/update-bill.ts';
import { BillAmountField, BillDifferenceFields, BillNoteField } from './bill-form-parts.tsx';
import {
  BILL_EDIT_FIELDS,
  type BillEditInput,
  type BillEditOutput,
  BillEditSchema,
  billEditValues,
  updateBillBody,
  withExplanationRule,
} from './bill-form-values.ts';
import { linesCost } from './bill-line-choices.ts';
import { BillLinesChecklist } from './bill-lines-checklist.tsx';

const STALE =
  'This bill was changed by someone else while you were editing it. Close this dialog and open it again to see the latest version.';

/**
 * Edit a bill while nothing settled it: number, dates, amount, lines (its own and the supplier's
 * free ones) and the explanation, by the same rules as a new bill. Supplier and currency stay.
 */
export function BillEditDialog({
  bill,
  opened,
  onClose,
}: {
  bill: BillRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit bill ${bill.number}`} size="xl" fullScreen={phone}>
      {opened ? <BillEditForm key={bill.version} bill={bill} onClose={onClose} /> : null}
    </Modal>
  );
}

function BillEditForm({ bill, onClose }: { bill: BillRecord; onClose: () => void }) {
  const update = useUpdateBill();
  // what the form's check reads: the cost of the lines chosen now
  const costRef = useRef<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<BillEditInput, unknown, BillEditOutput>({
    defaultValues: billEditValues(bill),
    resolver: withExplanationRule(
      zodResolver(BillEditSchema) as never,
      () => costRef.current,
      () => bill.currency,
    ),
  });
  const [selected, amount, issueDate] = useWatch({ control, name: ['lines', 'amount', 'issue_date'] });
  const lines = useBillableLines({ supplier: bill.supplier.id, bill: bill.id, currency: bill.currency });
  const chosen = useMemo(
    () => (lines.data ?? []).filter((l) => selected.includes(l.line_id)),
    [lines.data, selected],
  );
  // until the lines are in, the bill's own cost stands for its lines
  const cost = lines.data ? linesCost(chosen) : bill.lines_cost;
  const chosenCost = selected.length > 0 ? cost : null;
  costRef.current = chosenCost;

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await update.mutateAsync({ id: bill.id, body: updateBillBody(values, bill.version) });
      toast.success('Changes saved.');
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setRefusal(STALE);
      else if (hasFieldErrors(error)) showServerFieldErrors(error, BILL_EDIT_FIELDS, setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The changes could not be saved. Try again.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit bill">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {bill.supplier.name} · {bill.company.code} · {bill.currency}
        </Text>
        <Controller
          control={control}
          name="lines"
          render={({ field, fieldState }) => (
            <Input.Wrapper label="Lines billed" required>
              <BillLinesChecklist
                lines={lines.data}
                loading={lines.isPending}
                selected={field.value}
                currency={bill.currency}
                error={
                  fieldState.error?.message ?? (lines.isError ? 'The lines could not be loaded.' : undefined)
                }
                onChange={field.onChange}
              />
            </Input.Wrapper>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextField
            control={control}
            name="number"
            label="Supplier's invoice number"
            required
            maxLength={60}
          />
          <BillAmountField control={control} currency={bill.currency} />
          <DateField control={control} name="issue_date" label="Issue date" required />
          <DateField control={control} name="due_date" label="Due date" minDate={issueDate || undefined} />
        </SimpleGrid>
        <BillDifferenceFields
          control={control}
          linesCost={chosenCost}
          amount={amount}
          currency={bill.currency}
        />
        <BillNoteField control={control} />
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

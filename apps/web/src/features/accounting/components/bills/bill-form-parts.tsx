import { billDifferenceMessage } from '@app/shared/accounting/bills.schemas';
import { Text, Textarea } from '@mantine/core';
import type { ChangeEvent } from 'react';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { TextField } from '../../../../ui/form/form-fields.tsx';
import { BillDifferenceSummary, liveDifference } from './bill-difference-summary.tsx';

/** What the new-bill and edit-bill forms both hold, by the same names. */
interface BillSharedFields extends FieldValues {
  amount: string;
  difference_explanation: string;
  internal_note: string;
}

interface PartProps<T extends BillSharedFields, O extends FieldValues> {
  control: Control<T, unknown, O>;
}

/** The bill's amount, its currency (once known) beside it. */
export function BillAmountField<T extends BillSharedFields, O extends FieldValues>({
  control,
  currency,
}: PartProps<T, O> & { currency: string | null }) {
  return (
    <TextField
      control={control}
      name={'amount' as Path<T>}
      label="Amount"
      required
      mask={{ kind: 'number', scale: 2, min: 0 }}
      inputMode="decimal"
      rightSection={
        currency ? (
          <Text size="xs" c="dimmed" pr="xs">
            {currency}
          </Text>
        ) : null
      }
    />
  );
}

/**
 * Once lines are chosen (`linesCost` not null): their cost against the amount, then the
 * explanation, required when the two differ by more than 1% (the rule the form's check applies).
 */
export function BillDifferenceFields<T extends BillSharedFields, O extends FieldValues>({
  control,
  linesCost,
  amount,
  currency,
}: PartProps<T, O> & { linesCost: string | null; amount: string; currency: string | null }) {
  const difference = linesCost === null ? null : liveDifference(amount, linesCost);
  return (
    <>
      {linesCost !== null ? (
        <BillDifferenceSummary linesCost={linesCost} amount={amount} currency={currency} />
      ) : null}
      <Controller
        control={control}
        name={'difference_explanation' as Path<T>}
        render={({ field, fieldState }) => (
          <Textarea
            label="Explanation of the difference"
            required={difference?.needsExplanation === true}
            description={
              difference?.needsExplanation
                ? billDifferenceMessage(difference, currency ?? '')
                : 'Needed when the bill differs from the lines’ cost by more than 1%'
            }
            {...textareaBinding(field, fieldState)}
            maxLength={1000}
          />
        )}
      />
    </>
  );
}

/** A note for the team, never shown to the supplier. */
export function BillNoteField<T extends BillSharedFields, O extends FieldValues>({
  control,
}: PartProps<T, O>) {
  return (
    <Controller
      control={control}
      name={'internal_note' as Path<T>}
      render={({ field, fieldState }) => (
        <Textarea label="Internal note" {...textareaBinding(field, fieldState)} maxLength={2000} />
      )}
    />
  );
}

/** A text area bound to its field: two rows that grow on demand, the field's message under it. */
function textareaBinding<T extends FieldValues>(
  field: ControllerRenderProps<T, Path<T>>,
  fieldState: ControllerFieldState,
) {
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
    value: field.value as string,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => field.onChange(event.currentTarget.value),
    rows: 2,
    resize: 'vertical' as const,
  };
}

import type { BillableLine, BillRecord } from '@app/shared/accounting/bills.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Input, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors } from '../../../../lib/http/http-error.ts';
import { addDays } from '../../../../ui/dates/date-format.ts';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { DateField, SelectField, TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateBill } from '../../api/bills/create-bill.ts';
import { type RequestSupplier, useBillSourceRequest } from '../../api/bills/get-bill-source-request.ts';
import { useBillSupplier } from '../../api/bills/get-bill-supplier.ts';
import { useBillableLines } from '../../api/bills/list-billable-lines.ts';
import { BillFileDrop } from './bill-file-drop.tsx';
import { BillAmountField, BillDifferenceFields, BillNoteField } from './bill-form-parts.tsx';
import {
  BILL_FORM_FIELDS,
  type BillFormInput,
  type BillFormOutput,
  BillFormSchema,
  createBillFields,
  emptyBillForm,
  withExplanationRule,
} from './bill-form-values.ts';
import { lineRefusal, linesCost } from './bill-line-choices.ts';
import { BillLinesChecklist } from './bill-lines-checklist.tsx';

/** A supplier as its picker answers it: the name, its invoices' currency and its payment terms. */
type SupplierChoice = {
  id: number;
  named: string;
  currency: string | null;
  /** Days from issue to due; undefined when not known (a supplier taken from a request's lines). */
  payment_terms_days: number | null | undefined;
};

/** Today in UTC, the day the server's rules count from. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * "New bill": the supplier, then the lines of that supplier it bills (Confirmed or later, not on a
 * bill yet), the supplier's number, dates, currency, amount and the file. The difference between
 * the amount and the lines' cost is shown as it is typed; past 1% an explanation is required, in
 * the server's words. Opened from a request's page (`request`), the request's lines of its
 * supplier are chosen already.
 */
export function NewBillDialog({
  opened,
  requestId,
  onClose,
  onRecorded,
}: {
  opened: boolean;
  /** The request the bill is recorded from, when opened from its page. */
  requestId: number | null;
  onClose: () => void;
  /** After a bill was recorded (the dialog closes first). */
  onRecorded?: (bill: BillRecord) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="New bill" size="xl" fullScreen={phone}>
      {opened ? (
        <NewBillForm
          requestId={requestId}
          onClose={onClose}
          onRecorded={(bill) => {
            onClose();
            onRecorded?.(bill);
          }}
        />
      ) : null}
    </Modal>
  );
}

function NewBillForm({
  requestId,
  onClose,
  onRecorded,
}: {
  requestId: number | null;
  onClose: () => void;
  onRecorded: (bill: BillRecord) => void;
}) {
  const create = useCreateBill();
  const [supplier, setSupplier] = useState<SupplierChoice | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // the request's lines to choose once the supplier's lines are in (from the request page)
  const [preset, setPreset] = useState<number[] | null>(null);
  // none of the request's lines of that supplier is free: they are on a bill already
  const [presetBilled, setPresetBilled] = useState(false);
  const { control, handleSubmit, setError, setValue, getValues, clearErrors, formState } = useForm<
    BillFormInput,
    unknown,
    BillFormOutput
  >({
    defaultValues: emptyBillForm(utcToday()),
    resolver: withExplanationRule(
      zodResolver(BillFormSchema) as never,
      () => costRef.current,
      (values) => values.currency ?? '',
    ),
  });
  const [selected, currency, amount, issueDate] = useWatch({
    control,
    name: ['lines', 'currency', 'amount', 'issue_date'],
  });

  const lines = useBillableLines(supplier ? { supplier: supplier.id } : null);
  const chosen = useMemo(
    () => (lines.data ?? []).filter((l) => selected.includes(l.line_id)),
    [lines.data, selected],
  );
  const cost = linesCost(chosen);
  // what the form's check reads: the cost of the lines chosen now
  const costRef = useRef<string | null>(null);
  const chosenCost = chosen.length > 0 ? cost : null;
  costRef.current = chosenCost;

  const source = useBillSourceRequest(requestId);
  const suppliers = source.data?.suppliers ?? [];

  const choose = (next: SupplierChoice | null, presetLines: number[] | null = null) => {
    setSupplier(next);
    setValue('supplier', next?.id ?? null, { shouldValidate: formState.isSubmitted });
    setValue('lines', []);
    // a supplier invoices in its own currency
    if (next?.currency && (RATE_CURRENCIES as readonly string[]).includes(next.currency))
      setValue('currency', next.currency);
    setPreset(presetLines);
    setPresetBilled(false);
  };

  // from a request's page: a request with one supplier chooses it at once
  const only = suppliers.length === 1 ? suppliers[0] : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the request is in
  useEffect(() => {
    if (only && supplier === null) choose(supplierFromRequest(only), only.lineIds);
  }, [only?.id]);

  // the preset lines, once the supplier's billable lines are known: those that can join together
  useEffect(() => {
    if (!preset || !lines.data) return;
    const picked: BillableLine[] = [];
    let ccy = getValues('currency');
    for (const line of lines.data.filter((l) => preset.includes(l.line_id))) {
      ccy = ccy ?? line.cost_currency;
      if (lineRefusal(line, ccy, picked) === null) picked.push(line);
    }
    if (picked.length > 0) {
      if (!getValues('currency') && ccy) setValue('currency', ccy);
      setValue(
        'lines',
        picked.map((l) => l.line_id),
      );
    }
    setPresetBilled(picked.length === 0);
    setPreset(null);
  }, [preset, lines.data, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const bill = await create.mutateAsync({ fields: createBillFields(values), file: values.file as File });
      toast.success(`Bill ${bill.number} of ${bill.supplier.name} recorded.`);
      onRecorded(bill);
    } catch (error) {
      if (hasFieldErrors(error)) showServerFieldErrors(error, BILL_FORM_FIELDS, setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The bill could not be recorded. Try again.');
    }
  });

  // a supplier taken from the request's lines: its terms (and currency) are read from the directory
  const known = useBillSupplier(supplier && supplier.payment_terms_days === undefined ? supplier.id : null);
  useEffect(() => {
    if (!known.data) return;
    setSupplier((s) => (s ? { ...s, payment_terms_days: known.data.payment_terms_days } : s));
    const own = known.data.currency;
    if (own && !getValues('currency') && (RATE_CURRENCIES as readonly string[]).includes(own))
      setValue('currency', own);
  }, [known.data, getValues, setValue]);
  const terms = supplier?.payment_terms_days;
  const dueHint = !issueDate
    ? undefined
    : terms === undefined
      ? "Empty: from the supplier's payment terms"
      : terms
        ? `Empty: ${formatDate(addDays(issueDate, terms))} (${terms} days' terms)`
        : 'Empty: the issue date';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New bill">
      <Stack gap="md">
        {requestId !== null && suppliers.length > 1 && supplier === null ? (
          <Alert color="blue" title={`Lines of ${source.data?.number ?? 'the request'}`} role="note">
            <Stack gap="xs">
              <Text size="sm">This request has lines of several suppliers. Whose bill is it?</Text>
              <Group gap="xs">
                {suppliers.map((s) => (
                  <Button
                    key={s.id}
                    size="xs"
                    variant="light"
                    onClick={() => choose(supplierFromRequest(s), s.lineIds)}
                  >
                    {s.name}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {requestId !== null && source.isSuccess && suppliers.length === 0 ? (
          <Alert color="gray" role="note">
            {source.data.number} has no confirmed line with a supplier yet: choose the supplier and its lines.
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="supplier"
          render={({ field, fieldState }) => (
            <Picker
              label="Supplier"
              object="suppliers"
              displayField="named"
              extraField="currency"
              placeholder="Whose invoice is it?"
              required
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              value={field.value}
              initialItems={supplier ? [supplier] : undefined}
              onChange={(_id, item) => choose(item ? supplierChoice(item) : null)}
            />
          )}
        />
        {presetBilled && supplier ? (
          <Alert color="gray" role="note">
            The lines of {source.data?.number ?? 'the request'} with {supplier.named} are on a bill already.
            Choose other lines below, or open the bill from the request's page.
          </Alert>
        ) : null}
        {supplier ? (
          <Controller
            control={control}
            name="lines"
            render={({ field, fieldState }) => (
              <Input.Wrapper
                label="Lines billed"
                required
                description="The supplier's confirmed lines without a bill, by request"
              >
                <BillLinesChecklist
                  lines={lines.data}
                  loading={lines.isPending}
                  selected={field.value}
                  currency={currency}
                  error={
                    fieldState.error?.message ??
                    (lines.isError ? 'The lines could not be loaded.' : undefined)
                  }
                  onChange={(ids) => {
                    field.onChange(ids);
                    // the first line chosen sets the currency when the supplier has none
                    const first = lines.data?.find((l) => l.line_id === ids[0]);
                    if (!getValues('currency') && first) setValue('currency', first.cost_currency);
                    clearErrors('lines');
                  }}
                />
              </Input.Wrapper>
            )}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextField
            control={control}
            name="number"
            label="Supplier's invoice number"
            required
            maxLength={60}
            autoComplete="off"
          />
          <SelectField
            control={control}
            name="currency"
            label="Currency"
            data={RATE_CURRENCIES}
            required
            clearable={false}
            placeholder="Choose"
          />
          <DateField control={control} name="issue_date" label="Issue date" required />
          <DateField
            control={control}
            name="due_date"
            label="Due date"
            minDate={issueDate || undefined}
            description={dueHint}
          />
          <BillAmountField control={control} currency={currency} />
        </SimpleGrid>
        <BillDifferenceFields control={control} linesCost={chosenCost} amount={amount} currency={currency} />
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState }) => (
            <BillFileDrop
              label="Supplier's invoice (file)"
              required
              value={field.value}
              error={fieldState.error?.message}
              onChange={(file) => field.onChange(file)}
            />
          )}
        />
        <BillNoteField control={control} />
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not recorded"
          submitLabel="Record bill"
          submitting={formState.isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

function supplierChoice(item: Readonly<Record<string, unknown>>): SupplierChoice {
  return {
    id: Number(item.id),
    named: String(item.named ?? ''),
    currency: typeof item.currency === 'string' ? item.currency : null,
    payment_terms_days: typeof item.payment_terms_days === 'number' ? item.payment_terms_days : null,
  };
}

/** A supplier known from a request's lines: its currency and terms come with the lines' choice. */
function supplierFromRequest(s: RequestSupplier): SupplierChoice {
  return { id: s.id, named: s.name, currency: null, payment_terms_days: undefined };
}

import { documentMoneyField } from '@app/shared/accounting/accounting.common';
import {
  type BillRecord,
  billDifferenceMessage,
  type CreateBillFields,
  type UpdateBillBody,
} from '@app/shared/accounting/bills.schemas';
import { optionalDate } from '@app/shared/directory/common.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  dateField,
  enumField,
  idField,
  optionalString,
  requiredString,
} from '@app/shared/validation/fields.schemas';
import { minDateMessage } from '@app/shared/validation/messages';
import type { FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { liveDifference } from './bill-difference-summary.tsx';
import { billFileProblem } from './bill-file.ts';

/** What the new-bill dialog holds. Dates are `YYYY-MM-DD` ('' = none). */
export interface BillFormInput {
  supplier: number | null;
  number: string;
  issue_date: string;
  due_date: string;
  currency: string | null;
  amount: string;
  lines: number[];
  difference_explanation: string;
  internal_note: string;
  file: File | null;
}

/** The contract's fields, and the file checked as the server checks it (type, size, not empty). */
export const BillFormSchema = z
  .object({
    supplier: idField(),
    number: requiredString(60),
    issue_date: dateField(),
    due_date: optionalDate(),
    currency: enumField(RATE_CURRENCIES),
    amount: documentMoneyField(),
    lines: z.array(z.number()).min(1, 'Choose at least one line'),
    difference_explanation: optionalString(1000, { multiline: true }),
    internal_note: optionalString(2000, { multiline: true }),
    file: z.custom<File | null>().superRefine((file, ctx) => {
      const problem = billFileProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  })
  .superRefine((v, ctx) => {
    if (v.due_date && v.due_date < v.issue_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: minDateMessage(v.issue_date) });
  });
export type BillFormOutput = z.output<typeof BillFormSchema>;

/**
 * A resolver that adds the server's explanation rule (shared `billDifference`) to a schema's:
 * past 1% of the chosen lines' cost an explanation is required, in the server's sentence. It runs
 * with the other checks, so a refused save shows every message at once. `linesCost` is read when
 * the form is checked (null: no line chosen yet).
 */
export function withExplanationRule<
  T extends FieldValues & { amount: string; difference_explanation: string },
  O,
>(
  base: Resolver<T, unknown, O>,
  linesCost: () => string | null,
  currency: (values: T) => string,
): Resolver<T, unknown, O> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const cost = linesCost();
    const d = cost === null ? null : liveDifference(values.amount, cost);
    if (!d?.needsExplanation || values.difference_explanation.trim() !== '') return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        difference_explanation: { type: 'rule', message: billDifferenceMessage(d, currency(values)) },
      },
    } as ResolverResult<T, O>;
  };
}

/** The form's fields the server may name in a 400. */
export const BILL_FORM_FIELDS = [
  'supplier',
  'number',
  'issue_date',
  'due_date',
  'currency',
  'amount',
  'lines',
  'difference_explanation',
  'internal_note',
  'file',
] as const;

export function emptyBillForm(today: string): BillFormInput {
  return {
    supplier: null,
    number: '',
    issue_date: today,
    due_date: '',
    currency: null,
    amount: '',
    lines: [],
    difference_explanation: '',
    internal_note: '',
    file: null,
  };
}

/** The multipart fields of `POST supplier-invoices/`: empty optional ones left out. */
export function createBillFields(v: BillFormOutput): CreateBillFields {
  return {
    supplier: v.supplier,
    number: v.number,
    issue_date: v.issue_date,
    currency: v.currency,
    amount: v.amount,
    lines: v.lines,
    ...(v.due_date ? { due_date: v.due_date } : {}),
    ...(v.difference_explanation ? { difference_explanation: v.difference_explanation } : {}),
    ...(v.internal_note ? { internal_note: v.internal_note } : {}),
  };
}

/** What the edit dialog holds: a bill's number, dates, amount, lines, explanation and note. */
export interface BillEditInput {
  number: string;
  issue_date: string;
  due_date: string;
  amount: string;
  lines: number[];
  difference_explanation: string;
  internal_note: string;
}

export const BillEditSchema = z
  .object({
    number: requiredString(60),
    issue_date: dateField(),
    due_date: optionalDate(),
    amount: documentMoneyField(),
    lines: z.array(z.number()).min(1, 'Choose at least one line'),
    difference_explanation: optionalString(1000, { multiline: true }),
    internal_note: optionalString(2000, { multiline: true }),
  })
  .superRefine((v, ctx) => {
    if (v.due_date && v.due_date < v.issue_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: minDateMessage(v.issue_date) });
  });
export type BillEditOutput = z.output<typeof BillEditSchema>;

export const BILL_EDIT_FIELDS = [
  'number',
  'issue_date',
  'due_date',
  'amount',
  'lines',
  'difference_explanation',
  'internal_note',
] as const;

export function billEditValues(bill: BillRecord): BillEditInput {
  return {
    number: bill.number,
    issue_date: bill.issue_date,
    due_date: bill.due_date,
    amount: bill.amount,
    lines: bill.lines.map((l) => l.line_id),
    difference_explanation: bill.difference_explanation ?? '',
    internal_note: bill.internal_note ?? '',
  };
}

/** The PATCH body: every field as the form holds it; emptied texts are sent as null (cleared). */
export function updateBillBody(v: BillEditOutput, version: number): UpdateBillBody {
  return {
    number: v.number,
    issue_date: v.issue_date,
    due_date: v.due_date ?? null,
    amount: v.amount,
    lines: v.lines,
    difference_explanation: v.difference_explanation || null,
    internal_note: v.internal_note || null,
    version,
  };
}

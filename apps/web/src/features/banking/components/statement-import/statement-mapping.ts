import {
  type StatementDateFormat,
  type StatementMapping,
  StatementMappingSchema,
} from '@app/shared/banking/statement-import.schemas';

/** What the mapping selects hold: a column name or null per field, the date format, the comma. */
export interface MappingDraft {
  date: string | null;
  amount: string | null;
  debit: string | null;
  credit: string | null;
  reference: string | null;
  counterparty: string | null;
  date_format: StatementDateFormat;
  decimal_comma: boolean;
}

export const MAPPING_COLUMNS = [
  { key: 'date', label: 'Date', hint: 'The day the bank booked the line' },
  { key: 'amount', label: 'Amount (signed)', hint: 'Negative is money out; or use debit and credit' },
  { key: 'debit', label: 'Debit (money out)', hint: 'Unsigned' },
  { key: 'credit', label: 'Credit (money in)', hint: 'Unsigned' },
  { key: 'reference', label: 'Reference', hint: 'The bank’s text: invoice numbers in it help matching' },
  { key: 'counterparty', label: 'Counterparty', hint: 'Matched to a client or supplier by exact name' },
] as const;
export type MappingColumn = (typeof MAPPING_COLUMNS)[number]['key'];

export function draftOf(mapping: StatementMapping): MappingDraft {
  return {
    date: mapping.date || null,
    amount: mapping.amount ?? null,
    debit: mapping.debit ?? null,
    credit: mapping.credit ?? null,
    reference: mapping.reference ?? null,
    counterparty: mapping.counterparty ?? null,
    date_format: mapping.date_format,
    decimal_comma: mapping.decimal_comma,
  };
}

export function emptyDraft(): MappingDraft {
  return {
    date: null,
    amount: null,
    debit: null,
    credit: null,
    reference: null,
    counterparty: null,
    date_format: 'YYYY-MM-DD',
    decimal_comma: false,
  };
}

/**
 * The mapping the server takes, checked by the contract's own schema: the date column and either
 * the amount or debit/credit. `problem` is the first message when it is not complete yet.
 */
export function mappingOf(draft: MappingDraft): { mapping: StatementMapping | null; problem: string | null } {
  const raw = {
    date: draft.date ?? '',
    ...(draft.amount ? { amount: draft.amount } : {}),
    ...(draft.debit ? { debit: draft.debit } : {}),
    ...(draft.credit ? { credit: draft.credit } : {}),
    ...(draft.reference ? { reference: draft.reference } : {}),
    ...(draft.counterparty ? { counterparty: draft.counterparty } : {}),
    date_format: draft.date_format,
    decimal_comma: draft.decimal_comma,
  };
  const checked = StatementMappingSchema.safeParse(raw);
  if (checked.success) return { mapping: checked.data, problem: null };
  return { mapping: null, problem: checked.error.issues[0]?.message ?? 'Complete the mapping' };
}

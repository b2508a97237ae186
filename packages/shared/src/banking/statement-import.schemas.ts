import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { queryIdField } from '../validation/fields.schemas.ts';
import { TransactionCounterpartySchema } from './transactions.schemas.ts';

/** Bounds of a statement file (decision 0011, "Statement import"). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_MAX_ROWS = 50_000;
/** Rows the preview shows. */
export const STATEMENT_PREVIEW_ROWS = 50;

export const STATEMENT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/**
 * Which column holds what, by header name. Either `amount` (signed: negative is money out) or
 * `debit` and/or `credit` (money out / in, unsigned). Remembered per bank account.
 */
export const StatementMappingSchema = z
  .strictObject({
    date: z.string().trim().min(1, 'Choose the date column').max(100),
    amount: z.string().trim().max(100).optional(),
    debit: z.string().trim().max(100).optional(),
    credit: z.string().trim().max(100).optional(),
    reference: z.string().trim().max(100).optional(),
    counterparty: z.string().trim().max(100).optional(),
    date_format: z.enum(STATEMENT_DATE_FORMATS).default('YYYY-MM-DD'),
    decimal_comma: z.boolean().default(false),
  })
  .refine((m) => Boolean(m.amount || m.debit || m.credit), {
    message: 'Choose the amount column, or the debit and credit columns',
    path: ['amount'],
  });
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

/**
 * `POST transactions/import/` is multipart: `bank` (id), `file` (the CSV), `mapping` (JSON of
 * StatementMapping; the remembered or guessed one when absent) and `commit` (`true` starts the
 * import, anything else previews).
 */
export const STATEMENT_IMPORT_FIELDS = ['bank', 'file', 'mapping', 'commit'] as const;

export const StatementRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int(),
  date: z.string(),
  /** Unsigned; the type says the direction. */
  amount: DecimalString,
  type: z.enum(['RECEIVE', 'SPEND']),
  reference: z.string().nullable(),
  counterparty_name: z.string().nullable(),
  /** Found by the exact (case- and space-folded) name of a client or supplier. */
  counterparty: TransactionCounterpartySchema.nullable(),
  /** Already in the account (same date, amount and reference), or earlier in this file. */
  duplicate: z.boolean(),
});
export type StatementRow = z.infer<typeof StatementRowSchema>;

export const StatementRefusalSchema = z.object({ line: z.number().int(), reason: z.string() });
export type StatementRefusal = z.infer<typeof StatementRefusalSchema>;

/** The preview's answer (200): nothing written except the remembered mapping. */
export const StatementPreviewSchema = z.object({
  bank: z.number().int(),
  file_name: z.string(),
  columns: z.array(z.string()),
  mapping: StatementMappingSchema,
  rows_total: z.number().int(),
  rows_valid: z.number().int(),
  duplicates: z.number().int(),
  /** The first STATEMENT_PREVIEW_ROWS parsed rows. */
  rows: z.array(StatementRowSchema),
  /** Every refused row with its reason (at most 1,000 listed). */
  refused: z.array(StatementRefusalSchema),
});
export type StatementPreview = z.infer<typeof StatementPreviewSchema>;

export const STATEMENT_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/** `commit=true` answers 202 with this; `GET transactions/import/{id}/` reports its progress. */
export const StatementImportSchema = z.object({
  id: z.number().int(),
  bank: z.object({ id: z.number().int(), named: z.string() }),
  file_name: z.string(),
  status: z.enum(STATEMENT_IMPORT_STATUSES),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  rows_imported: z.number().int(),
  rows_duplicate: z.number().int(),
  refused: z.array(StatementRefusalSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type StatementImport = z.infer<typeof StatementImportSchema>;

/** `GET transactions/import/`: the recent imports (newest first), of one account when `bank` is given. */
export const StatementImportListQuerySchema = z.object({ bank: queryIdField().optional() });
export type StatementImportListQuery = z.infer<typeof StatementImportListQuerySchema>;

export const STATEMENT_MESSAGES = {
  tooLarge: `A statement file is at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB; split the file`,
  notCsv: 'The statement must be a CSV file: text with a header row and one line per transaction',
  withoutDate: 'The statement has no date column: choose which column holds the date',
  tooManyRows: (max: number) =>
    `A statement holds at most ${max.toLocaleString('en-GB')} lines; split the file`,
  badDate: (value: string, format: string) => `Date '${value}' does not read as ${format}`,
  badAmount: (value: string) => `Amount '${value}' is not a number`,
  zeroAmount: 'The amount is zero',
  withoutAmount:
    'The statement has no amount column: choose the amount column, or the debit and credit columns',
  noDate: 'The line has no date',
  noAmount: 'The line has no amount',
  missingColumn: (column: string) => `Column '${column}' is not in the file`,
} as const;

import { STATEMENT_MESSAGES, type StatementMapping, StatementMappingSchema } from '@app/shared';
import { AppError } from '../../platform/errors.ts';
import { sortKey } from '../../platform/full-text-search.ts';
import type { StatementTable } from './statement-import.parser.ts';
import { guessDateFormat, guessDecimalComma } from './statement-import.values.ts';

type ColumnField = 'date' | 'amount' | 'debit' | 'credit' | 'reference' | 'counterparty';
const COLUMN_FIELDS: ColumnField[] = ['date', 'amount', 'debit', 'credit', 'reference', 'counterparty'];

/**
 * Header names banks use for each field, best first (folded, words only). A header matches a name
 * exactly, or starts with it ('Amount (GBP)'); the date also takes any header with the word 'date'.
 */
const HEADER_NAMES: Record<ColumnField, string[]> = {
  date: [
    'date',
    'transaction date',
    'booking date',
    'posting date',
    'posted date',
    'value date',
    'entry date',
  ],
  amount: ['amount', 'transaction amount', 'value', 'sum'],
  debit: ['debit', 'debits', 'paid out', 'money out', 'withdrawal', 'withdrawals', 'debit amount', 'out'],
  credit: ['credit', 'credits', 'paid in', 'money in', 'deposit', 'deposits', 'credit amount', 'in'],
  reference: [
    'description',
    'reference',
    'details',
    'transaction details',
    'narrative',
    'memo',
    'particulars',
    'payment details',
    'transaction description',
  ],
  counterparty: [
    'payee',
    'counterparty',
    'name',
    'counterparty name',
    'payee name',
    'beneficiary',
    'payer',
    'merchant',
  ],
};
/** Only ever the date, whatever else the name says ('Value date', 'Balance'). */
const NOT_LINE_TEXT = /\b(balance|date)\b/;

const headerKey = (name: string) => sortKey(name.replace(/[^\p{L}\p{N}]+/gu, ' '));

function findColumn(columns: string[], field: ColumnField, taken: Set<string>): string | undefined {
  const keys = columns.map((c) => ({ column: c, key: headerKey(c) }));
  const free = keys.filter((k) => !taken.has(k.column) && !(field !== 'date' && NOT_LINE_TEXT.test(k.key)));
  for (const name of HEADER_NAMES[field]) {
    const hit = free.find((k) => k.key === name) ?? free.find((k) => k.key.startsWith(`${name} `));
    if (hit) return hit.column;
  }
  if (field === 'date') return free.find((k) => /\bdate\b/.test(k.key))?.column;
  return undefined;
}

/** The values of a column, for guessing the date format and the decimal separator. */
const valuesOf = (table: StatementTable, column: string | undefined) => {
  const at = column === undefined ? -1 : table.columns.indexOf(column);
  return at === -1 ? [] : table.rows.slice(0, 1000).map((r) => r.cells[at]!);
};

/** The mapping guessed from the header names and the values; null fields when no column fits. */
export function guessMapping(table: StatementTable): Partial<StatementMapping> {
  const taken = new Set<string>();
  const found: Partial<Record<ColumnField, string>> = {};
  for (const field of COLUMN_FIELDS) {
    // one signed amount column, or debit and credit columns
    if ((field === 'debit' || field === 'credit') && found.amount) continue;
    const column = findColumn(table.columns, field, taken);
    if (column) {
      found[field] = column;
      taken.add(column);
    }
  }
  return { ...found, ...formatsOf(table, found) };
}

function formatsOf(table: StatementTable, m: Partial<Record<ColumnField, string>>) {
  const amounts = [m.amount, m.debit, m.credit].flatMap((c) => valuesOf(table, c));
  return {
    date_format: guessDateFormat(valuesOf(table, m.date)),
    decimal_comma: guessDecimalComma(amounts, table.delimiter),
  };
}

export const WITHOUT_DATE = (message: string = STATEMENT_MESSAGES.withoutDate) =>
  new AppError('STATEMENT_WITHOUT_DATE', message, { rule: true });
export const STATEMENT_INVALID = (message: string) =>
  new AppError('STATEMENT_INVALID', message, { rule: true });

/** The file's own spelling of a column named in a mapping (case and spacing aside), or undefined. */
function columnOf(columns: string[], name: string): string | undefined {
  return columns.find((c) => c === name) ?? columns.find((c) => headerKey(c) === headerKey(name));
}

/** A mapping whose columns are all in the file (with the file's spelling), or the error to answer. */
export function fitMapping(mapping: StatementMapping, columns: string[]): StatementMapping | AppError {
  const fitted: StatementMapping = { ...mapping };
  for (const field of COLUMN_FIELDS) {
    const name = mapping[field];
    if (!name) continue;
    const column = columnOf(columns, name);
    if (!column) {
      const message = STATEMENT_MESSAGES.missingColumn(name);
      return field === 'date' ? WITHOUT_DATE(message) : STATEMENT_INVALID(message);
    }
    fitted[field] = column;
  }
  return fitted;
}

/** The `mapping` field as sent: JSON of StatementMapping; a format left out is guessed from the values. */
export function parseGivenMapping(raw: string, table: StatementTable): StatementMapping {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw AppError.fields({ mapping: ['The mapping must be JSON'] });
  }
  const parsed = StatementMappingSchema.safeParse(json);
  if (!parsed.success) throw AppError.fields({ mapping: parsed.error.issues.map((i) => i.message) });
  const given = json as Record<string, unknown>;
  const fitted = fitMapping(parsed.data, table.columns);
  if (fitted instanceof AppError) throw fitted;
  const guessed = formatsOf(table, fitted);
  return {
    ...fitted,
    date_format: 'date_format' in given ? fitted.date_format : guessed.date_format,
    decimal_comma: 'decimal_comma' in given ? fitted.decimal_comma : guessed.decimal_comma,
  };
}

/**
 * The mapping of an upload: the one sent; else the one remembered for the account when its columns
 * are in this file; else the one guessed from the headers. No date column (or none that fits) is
 * STATEMENT_WITHOUT_DATE, no amount column STATEMENT_INVALID.
 */
export function resolveMapping(
  table: StatementTable,
  given: string | undefined,
  remembered: unknown,
): StatementMapping {
  if (given !== undefined && given.trim() !== '') return parseGivenMapping(given, table);
  const stored = StatementMappingSchema.safeParse(remembered);
  if (stored.success) {
    const fitted = fitMapping(stored.data, table.columns);
    if (!(fitted instanceof AppError)) return fitted;
  }
  const guess = guessMapping(table);
  if (!guess.date) throw WITHOUT_DATE();
  const parsed = StatementMappingSchema.safeParse(guess);
  if (!parsed.success) throw STATEMENT_INVALID(STATEMENT_MESSAGES.withoutAmount);
  return parsed.data;
}

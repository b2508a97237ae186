import { STATEMENT_MESSAGES, type StatementMapping, TRANSACTION_REFERENCE_MAX } from '@app/shared';
import { Decimal } from 'decimal.js';
import { sortKey } from '../../platform/full-text-search.ts';
import type { StatementTable } from './statement-import.parser.ts';
import { parseStatementAmount, parseStatementDate } from './statement-import.values.ts';

/** A statement row read through the mapping: what becomes a bank line. */
export interface StatementLine {
  line: number;
  date: string;
  /** Unsigned, two places; the type says the direction. */
  amount: string;
  type: 'RECEIVE' | 'SPEND';
  reference: string | null;
  counterpartyName: string | null;
  /** `date|signed amount|folded bank text`: the same line in another import is skipped. */
  dedupeKey: string;
}

export type StatementEntry = { line: number; ok: StatementLine } | { line: number; refused: string };

const NAME_MAX = 200;
const DEDUPE_KEY_MAX = 200;

const cellOf = (columns: string[], name: string | undefined) => {
  const at = name ? columns.indexOf(name) : -1;
  return (cells: string[]) => (at === -1 ? '' : cells[at]!);
};

/**
 * The signed amount of a row: the amount column, or credit minus debit (a bank may write a debit
 * as '-12.00' or '12.00', it is money out either way). Null with the reason when it does not read.
 */
function signedAmount(
  m: StatementMapping,
  cells: { amount: string; debit: string; credit: string },
): Decimal | string {
  const read = (v: string) => parseStatementAmount(v, m.decimal_comma);
  if (m.amount) {
    if (cells.amount === '') return STATEMENT_MESSAGES.noAmount;
    return read(cells.amount) ?? STATEMENT_MESSAGES.badAmount(cells.amount);
  }
  if (cells.debit === '' && cells.credit === '') return STATEMENT_MESSAGES.noAmount;
  const debit = cells.debit === '' ? new Decimal(0) : read(cells.debit);
  if (!debit) return STATEMENT_MESSAGES.badAmount(cells.debit);
  const credit = cells.credit === '' ? new Decimal(0) : read(cells.credit);
  if (!credit) return STATEMENT_MESSAGES.badAmount(cells.credit);
  return credit.abs().minus(debit.abs());
}

/** The bank's text of a line, folded, as the duplicate key holds it. */
export const dedupeKeyOf = (date: string, signed: Decimal, text: string | null) =>
  `${date}|${signed.toFixed(2)}|${sortKey(text)}`.slice(0, DEDUPE_KEY_MAX);

/** Every data row as a line or a refusal with its reason (STATEMENT_MESSAGES), in file order. */
export function readLines(table: StatementTable, m: StatementMapping): StatementEntry[] {
  const cell = {
    date: cellOf(table.columns, m.date),
    amount: cellOf(table.columns, m.amount),
    debit: cellOf(table.columns, m.debit),
    credit: cellOf(table.columns, m.credit),
    reference: cellOf(table.columns, m.reference),
    counterparty: cellOf(table.columns, m.counterparty),
  };
  return table.rows.map(({ line, cells }): StatementEntry => {
    const rawDate = cell.date(cells);
    if (rawDate === '') return { line, refused: STATEMENT_MESSAGES.noDate };
    const date = parseStatementDate(rawDate, m.date_format);
    if (!date) return { line, refused: STATEMENT_MESSAGES.badDate(rawDate, m.date_format) };
    const signed = signedAmount(m, {
      amount: cell.amount(cells),
      debit: cell.debit(cells),
      credit: cell.credit(cells),
    });
    if (typeof signed === 'string') return { line, refused: signed };
    if (signed.isZero()) return { line, refused: STATEMENT_MESSAGES.zeroAmount };
    const reference = cell.reference(cells).slice(0, TRANSACTION_REFERENCE_MAX) || null;
    const counterpartyName = cell.counterparty(cells).slice(0, NAME_MAX) || null;
    const text = [counterpartyName, reference].filter(Boolean).join(' ') || null;
    return {
      line,
      ok: {
        line,
        date,
        amount: signed.abs().toFixed(2),
        type: signed.isNegative() ? 'SPEND' : 'RECEIVE',
        reference,
        counterpartyName,
        dedupeKey: dedupeKeyOf(date, signed, text),
      },
    };
  });
}

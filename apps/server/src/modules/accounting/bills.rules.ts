import { BILL_FILE_MAX_BYTES, type BillFileType, findRate, type RateSet } from '@app/shared';
import { Decimal } from 'decimal.js';
import { sanitizeFileName, sniffBillFile } from './bill-files.ts';
import * as E from './bills.errors.ts';
import type { BillingLine } from './bills.repository.ts';

/** The uploaded file as the route read it. */
export interface BillFileInput {
  fileName: string;
  data: Buffer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00.000Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The file's facts once its content is checked: type by content, a clean name. */
export interface CheckedFile {
  data: Buffer;
  type: BillFileType;
  name: string;
}

export function checkFile(file: BillFileInput): CheckedFile {
  if (file.data.length === 0) throw E.FILE_EMPTY();
  if (file.data.length > BILL_FILE_MAX_BYTES) throw E.FILE_TOO_LARGE();
  const type = sniffBillFile(file.data);
  if (!type) throw E.UNSUPPORTED_FILE();
  return { data: file.data, type, name: sanitizeFileName(file.fileName, type) };
}

/** What the lines say once every rule passed. */
export interface CheckedLines {
  companyId: number;
  linesCost: string;
  lines: BillingLine[];
}

/**
 * The rules of decision 0010 for a bill's lines, in the order a person fixes them: each line
 * exists, is the supplier's, is not Canceled, is Confirmed or later, costs in the bill's
 * currency and belongs to the bill's company (the lines' own, when the body names none).
 */
export function checkLines(
  ids: number[],
  lines: BillingLine[],
  want: {
    supplierId: number;
    supplierName: string;
    currency: string;
    /** The body's company; without one, the first line's. */
    company: { id: number; code: string } | null;
  },
): CheckedLines {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw E.LINE_NOT_FOUND(missing);
  const ordered = ids.map((id) => byId.get(id)!);
  const company = want.company ?? { id: ordered[0]!.company_id, code: ordered[0]!.company_code };
  for (const l of ordered) {
    if (l.supplier_id !== want.supplierId) throw E.LINE_OF_ANOTHER_SUPPLIER(l, want.supplierName);
    if (l.status === 'Canceled') throw E.LINE_CANCELED(l);
    if (l.status === null) throw E.LINE_NOT_CONFIRMED(l);
    if (l.cost_currency !== want.currency) throw E.CURRENCY_MISMATCH(l, want.currency);
    if (l.company_id !== company.id) throw E.LINE_OF_ANOTHER_COMPANY(l, company.code);
  }
  const cost = ordered.reduce((sum, l) => sum.plus(l.cost), new Decimal(0));
  return { companyId: company.id, linesCost: cost.toFixed(2), lines: ordered };
}

/** The buy rate currency → base in the set in force on the issue date, and the amount in base. */
export function stampOf(
  set: RateSet | null,
  currency: string,
  base: string,
  amount: string,
  issueDate: string,
) {
  const found = set ? findRate(set.rates, currency, base, 'buy') : null;
  if (!set || !found) throw E.NO_RATE_SET(currency, base, issueDate);
  const rate = new Decimal(found.rate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return {
    rate_set_id: set.id,
    rate: rate.toFixed(6),
    amount_base: inBase(amount, rate),
  };
}

/** amount × rate, rounded half up to 2 places. */
export const inBase = (amount: string, rate: string | Decimal) =>
  new Decimal(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

export const blank = (v: string | null | undefined) => !v || v.trim() === '';

import {
  BILL_FILE_MAX_BYTES,
  type BillDifference,
  billDifferenceMessage,
  formatDisplayDate,
  MESSAGES,
  minDateMessage,
} from '@app/shared';
import { AppError } from '../../platform/errors.ts';

// A new error per throw: each is a factory, never one shared object. Sentences name the line by
// its position and request number, as the accountant sees it on the request page.

const rule = (code: ConstructorParameters<typeof AppError>[0], message: string) =>
  new AppError(code, message, { rule: true });

/** How a request line is named in a sentence: 'Line 2 of BSLF-2026-00042'. */
export interface LineName {
  position: number;
  request_number: string;
}
const lineName = (l: LineName) => `Line ${l.position} of ${l.request_number}`;

export const BILL_NOT_FOUND = () => AppError.notFound('Supplier invoice');
export const SUPPLIER_INVALID = () => AppError.fields({ supplier: [MESSAGES.invalidValue] });
export const COMPANY_INVALID = () => AppError.fields({ company: [MESSAGES.invalidValue] });

export const LINE_NOT_FOUND = (ids: number[]) =>
  rule(
    'LINE_NOT_FOUND',
    ids.length === 1
      ? `Service line ${ids[0]} does not exist.`
      : `Service lines ${ids.join(', ')} do not exist.`,
  );
export const LINE_OF_ANOTHER_SUPPLIER = (l: LineName & { supplier_name: string | null }, supplier: string) =>
  rule(
    'LINE_OF_ANOTHER_SUPPLIER',
    l.supplier_name === null
      ? `${lineName(l)} has no supplier, so ${supplier} cannot bill it.`
      : `${lineName(l)} is booked with ${l.supplier_name}, not ${supplier}.`,
  );
export const LINE_CANCELED = (l: LineName) => rule('LINE_CANCELED', `${lineName(l)} is canceled.`);
export const LINE_NOT_CONFIRMED = (l: LineName) =>
  rule('LINE_NOT_CONFIRMED', `${lineName(l)} is not confirmed yet: only confirmed lines can be billed.`);
export const LINE_ALREADY_BILLED = (l: LineName, billNumber: string) =>
  rule('LINE_ALREADY_BILLED', `${lineName(l)} is already on bill ${billNumber}.`);
/** A unique violation from a bill recorded at the same moment, when the line can no longer be named. */
export const LINES_BILLED_MEANWHILE = () =>
  rule(
    'LINE_ALREADY_BILLED',
    'One of these lines was billed by someone else meanwhile. Reload and try again.',
  );
export const CURRENCY_MISMATCH = (l: LineName & { cost_currency: string }, currency: string) =>
  rule('CURRENCY_MISMATCH', `${lineName(l)} costs ${l.cost_currency}, not the bill's ${currency}.`);
export const LINE_OF_ANOTHER_COMPANY = (l: LineName & { company_code: string }, company: string) =>
  rule('LINE_OF_ANOTHER_COMPANY', `${lineName(l)} belongs to ${l.company_code}, not ${company}.`);
export const BILL_DUPLICATE = (supplier: string, number: string) =>
  rule('BILL_DUPLICATE', `${supplier} already has a bill numbered ${number}.`);
export const BILL_SETTLED = (number: string) =>
  rule('BILL_SETTLED', `Bill ${number} has payments against it, so it can no longer be changed.`);
export const NO_RATE_SET = (from: string, to: string, date: string) =>
  rule(
    'NO_RATE_SET',
    `No exchange rate converts ${from} to ${to} on ${formatDisplayDate(date)}: add the rates first.`,
  );
export const EXPLAIN_DIFFERENCE = (d: BillDifference, currency: string) =>
  AppError.fields({ difference_explanation: [billDifferenceMessage(d, currency)] });
export const DUE_BEFORE_ISSUE = (issueDate: string) =>
  AppError.fields({ due_date: [minDateMessage(issueDate)] });

export const FILE_TOO_LARGE = () =>
  rule('FILE_TOO_LARGE', `The file must be at most ${BILL_FILE_MAX_BYTES / 1024 / 1024} MB.`);
export const UNSUPPORTED_FILE = () => rule('UNSUPPORTED_FILE', 'Upload a PDF, PNG, JPEG or WebP file');
export const FILE_EMPTY = () => AppError.fields({ file: ['The file is empty'] });
export const FILE_MISSING = (number: string) =>
  new AppError('NOT_FOUND', `The file of bill ${number} is missing from the server.`);

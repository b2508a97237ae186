import { formatDisplayDate } from '@app/shared';
import { AppError } from '../../platform/errors.ts';

// Decision 0010's refusals of issuing and crediting: a new error per throw, each a sentence that
// names the line (its position and request number) or the document.

type Code = ConstructorParameters<typeof AppError>[0];
const rule = (code: Code, message: string) => new AppError(code, message, { rule: true });

/** How a request line is named in a refusal: "Line 2 of BSLF-2026-00042". */
export interface LineLabel {
  position: number;
  request_number: string;
}
const named = (l: LineLabel) => `Line ${l.position} of ${l.request_number}`;

export const INVOICE_NOT_FOUND = () => AppError.notFound('Invoice');

export const LINE_NOT_FOUND = (id: number) => rule('LINE_NOT_FOUND', `Service line ${id} does not exist.`);
export const LINE_OF_ANOTHER_CLIENT = (l: LineLabel, request: string) =>
  rule(
    'LINE_OF_ANOTHER_CLIENT',
    `${named(l)} is for another client than ${request}: an invoice goes to one client.`,
  );
export const LINE_OF_ANOTHER_COMPANY = (l: LineLabel, request: string) =>
  rule(
    'LINE_OF_ANOTHER_COMPANY',
    `${named(l)} is booked by another company than ${request}: an invoice is issued by one company.`,
  );
export const LINE_CANCELED = (l: LineLabel) => rule('LINE_CANCELED', `${named(l)} is canceled.`);
export const LINE_NOT_CONFIRMED = (l: LineLabel) =>
  rule('LINE_NOT_CONFIRMED', `${named(l)} is not confirmed yet: only Confirmed lines are invoiced.`);
export const LINE_ALREADY_INVOICED = (l: LineLabel, invoice: string | null) =>
  rule(
    'LINE_ALREADY_INVOICED',
    invoice
      ? `${named(l)} is already on invoice ${invoice}: credit it first to invoice it again.`
      : `${named(l)} is already invoiced.`,
  );
/** The unique index caught what the checks could not see (a writer that did not lock the line). */
export const LINE_INVOICED_MEANWHILE = (lineId: number | null, invoice: string | null) =>
  rule(
    'LINE_ALREADY_INVOICED',
    `${lineId !== null ? `Service line ${lineId}` : 'A line'} was invoiced at the same moment${invoice ? ` on ${invoice}` : ''}: it is on one live invoice at most.`,
  );
export const CURRENCY_MISMATCH = (l: LineLabel, currency: string, expected: string) =>
  rule(
    'CURRENCY_MISMATCH',
    `${named(l)} is sold in ${currency}, the invoice is in ${expected}: an invoice has one currency.`,
  );
export const BODY_CURRENCY_MISMATCH = (lines: string, asked: string) =>
  rule(
    'CURRENCY_MISMATCH',
    `The lines are sold in ${lines}, not ${asked}: the invoice is in the lines' currency.`,
  );
export const INVALID_TOTAL = (currency: string, total: string) =>
  rule('INVALID_TOTAL', `The invoice total must be above zero (it is ${currency} ${total}).`);
export const UNKNOWN_VAT_TREATMENT = (l: LineLabel, accountType: string) =>
  rule(
    'UNKNOWN_VAT_TREATMENT',
    `${named(l)} has the account type "${accountType}", which has no VAT treatment: use Toms EU, Toms non EU or Disbursement.`,
  );
export const NO_INCOME_ACCOUNT = (company: string, currency: string) =>
  rule(
    'NO_INCOME_ACCOUNT',
    `${company} has no Income bank account in ${currency}: add one so the invoice carries payment details.`,
  );
export const NO_RATE_SET = (date: string, currency: string, base: string) =>
  rule(
    'NO_RATE_SET',
    currency === base
      ? `No rate set was in force on ${formatDisplayDate(date)}: enter the rates first.`
      : `No rate set in force on ${formatDisplayDate(date)} converts ${currency} to ${base}: enter the rates first.`,
  );
export const REQUEST_CANCELED = (request: string) =>
  rule('REQUEST_CANCELED', `Request ${request} is canceled: it takes no new invoice.`);

export const INVOICE_IMMUTABLE = (fields: string[]) =>
  rule(
    'INVOICE_IMMUTABLE',
    `An issued invoice does not change (${fields.join(', ')}): correct it with a credit note and a new invoice.`,
  );
export const INVOICE_IS_CREDIT_NOTE = (number: string) =>
  rule('INVOICE_IS_CREDIT_NOTE', `${number} is a credit note: only an invoice is credited.`);
export const LINE_NOT_ON_INVOICE = (lineId: number, invoice: string) =>
  rule('LINE_NOT_ON_INVOICE', `Line ${lineId} is not a line of ${invoice}.`);
export const LINE_ALREADY_CREDITED = (position: number, invoice: string) =>
  rule('LINE_ALREADY_CREDITED', `Line ${position} of ${invoice} is already credited.`);
export const NOTHING_TO_CREDIT = (invoice: string) =>
  rule('LINE_ALREADY_CREDITED', `Every line of ${invoice} is already credited.`);
export const CREDITED_MEANWHILE = () =>
  rule('LINE_ALREADY_CREDITED', 'A line of this invoice was credited at the same moment: reload it.');

import { Decimal } from 'decimal.js';
import type { InvoicingLineRow } from '../requests/requests.invoicing.ts';
import {
  BODY_CURRENCY_MISMATCH,
  CURRENCY_MISMATCH,
  INVALID_TOTAL,
  LINE_ALREADY_INVOICED,
  LINE_CANCELED,
  LINE_NOT_CONFIRMED,
  LINE_NOT_FOUND,
  LINE_OF_ANOTHER_CLIENT,
  LINE_OF_ANOTHER_COMPANY,
  UNKNOWN_VAT_TREATMENT,
} from './invoices.errors.ts';
import { vatTreatmentOf } from './invoices.mappers.ts';

/** The request an invoice is issued from: its client and company bound every line. */
export interface IssuingRequest {
  number: string;
  client_id: number;
  company_id: number;
}

/** The lines in print order: by request number, then by their position in the request. */
export const printOrder = (rows: InvoicingLineRow[]): InvoicingLineRow[] =>
  [...rows].sort(
    (a, b) =>
      a.request.number.localeCompare(b.request.number) ||
      a.line.position - b.line.position ||
      a.line.id - b.line.id,
  );

const label = (r: InvoicingLineRow) => ({ position: r.line.position, request_number: r.request.number });

/** One line's refusals of decision 0010, in the order it lists them. */
function checkLine(request: IssuingRequest, r: InvoicingLineRow, liveInvoice: string | undefined): void {
  if (r.request.client_id !== request.client_id) throw LINE_OF_ANOTHER_CLIENT(label(r), request.number);
  if (r.request.company_id !== request.company_id) throw LINE_OF_ANOTHER_COMPANY(label(r), request.number);
  const status = r.line.status;
  if (status === 'Canceled') throw LINE_CANCELED(label(r));
  if (status === null) throw LINE_NOT_CONFIRMED(label(r));
  if (status === 'Invoiced' || status === 'Accounted' || liveInvoice !== undefined)
    throw LINE_ALREADY_INVOICED(label(r), liveInvoice ?? null);
  if (vatTreatmentOf(r.line.account_type) === null)
    throw UNKNOWN_VAT_TREATMENT(label(r), r.line.account_type);
}

/**
 * Every check of issuing on the locked lines (decision 0010, "Issuing"); throws the first refusal.
 * Answers the invoice's currency and total, which the lines alone decide.
 */
export function checkIssueLines(
  request: IssuingRequest,
  ids: number[],
  rows: InvoicingLineRow[],
  liveInvoices: ReadonlyMap<number, string>,
  bodyCurrency: string | undefined,
): { currency: string; total: string } {
  const byId = new Map(rows.map((r) => [r.line.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw LINE_NOT_FOUND(missing);
  const ordered = printOrder(rows);
  for (const r of ordered) checkLine(request, r, liveInvoices.get(r.line.id));
  const currency = ordered[0]!.line.sell_currency;
  const other = ordered.find((r) => r.line.sell_currency !== currency);
  if (other) throw CURRENCY_MISMATCH(label(other), other.line.sell_currency, currency);
  if (bodyCurrency !== undefined && bodyCurrency !== currency)
    throw BODY_CURRENCY_MISMATCH(currency, bodyCurrency);
  const total = ordered.reduce((sum, r) => sum.plus(r.line.sell), new Decimal(0));
  if (total.lte(0)) throw INVALID_TOTAL(currency, total.toFixed(2));
  return { currency, total: total.toFixed(2) };
}

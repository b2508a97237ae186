import { DEFAULT_PAYMENT_TERMS_DAYS } from '@app/shared/accounting/accounting.common';
import type { RequestLine, RequestRecord } from '@app/shared/requests/requests.schemas';
import { formatDateRange } from '../../../../../lib/format/format-date.ts';
import { sumMoney } from '../../../../../lib/format/format-money.ts';
import { addDays } from '../../../../../ui/dates/date-format.ts';
import type { InvoiceRef } from '../../../api/client-invoices/list-invoiced-lines.ts';

/** One line of the request as the new-invoice dialog offers it: can it be ticked, and if not, why. */
export interface LineChoice {
  line: RequestLine;
  selectable: boolean;
  /** Why it cannot be ticked; null when it can. */
  reason: string | null;
}

/** Today's date in UTC, the day the server checks "not in the future" against. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Due date from the issue date and the client's terms in days (14 when the client has none). */
export function defaultDueDate(issueDate: string, termsDays: number | null | undefined): string {
  return addDays(issueDate, termsDays ?? DEFAULT_PAYMENT_TERMS_DAYS);
}

/** The sell currency of the lines ticked (they share one by construction), or null. */
export function checkedCurrency(request: RequestRecord, checked: ReadonlySet<number>): string | null {
  return request.lines.find((l) => checked.has(l.id))?.sell_currency ?? null;
}

/**
 * The rules the server applies when issuing (decision 0010), told before the click: only
 * Confirmed lines not on a live invoice, of a request that is not canceled, in one currency: the
 * currency of the lines already ticked.
 */
export function lineChoices(
  request: RequestRecord,
  checked: ReadonlySet<number>,
  invoiced: ReadonlyMap<number, InvoiceRef>,
): LineChoice[] {
  const currency = checkedCurrency(request, checked);
  return request.lines.map((line) => {
    const reason = refusal(request, line, currency, invoiced);
    return { line, selectable: reason === null, reason };
  });
}

function refusal(
  request: RequestRecord,
  line: RequestLine,
  currency: string | null,
  invoiced: ReadonlyMap<number, InvoiceRef>,
): string | null {
  if (request.canceled_at !== null) return 'The request is canceled';
  const invoice = invoiced.get(line.id);
  switch (line.status) {
    case null:
      return 'Not confirmed';
    case 'Canceled':
      return 'Canceled';
    case 'Invoiced':
      return invoice ? `Invoiced on ${invoice.number}` : 'Already invoiced';
    case 'Accounted':
      return invoice ? `Invoiced on ${invoice.number}` : 'Accounted: already with accounting';
    case 'Confirmed':
      if (invoice) return `Invoiced on ${invoice.number}`;
      if (currency !== null && line.sell_currency !== currency)
        return `In ${line.sell_currency}, not ${currency} like the lines ticked`;
      return null;
  }
}

/**
 * What is ticked when a request is chosen: every line that can be invoiced when they share one
 * currency; none when they do not (an invoice takes one currency: the person picks).
 */
export function defaultSelection(
  request: RequestRecord,
  invoiced: ReadonlyMap<number, InvoiceRef>,
): number[] {
  const open = lineChoices(request, new Set(), invoiced).filter((c) => c.selectable);
  const currencies = new Set(open.map((c) => c.line.sell_currency));
  return currencies.size === 1 ? open.map((c) => c.line.id) : [];
}

/** The lines ticked, in the request's order, and their total in their currency (decimal, never a float). */
export function selectionSummary(request: RequestRecord, checked: ReadonlySet<number>) {
  const lines = request.lines.filter((l) => checked.has(l.id));
  return {
    ids: lines.map((l) => l.id),
    count: lines.length,
    currency: lines[0]?.sell_currency ?? null,
    total: sumMoney(lines.map((l) => l.sell)),
  };
}

/** A line in a few words: what it is, where or which way, who supplies it, and when. */
export function lineSummary(line: RequestLine): { title: string; detail: string } {
  const what =
    line.service_type === 'Other' && line.service_subtype ? line.service_subtype : line.service_type;
  const place = line.hotel_name
    ? [line.hotel_name, line.room_type].filter(Boolean).join(', ')
    : line.route
      ? [line.route, line.flight_class].filter(Boolean).join(', ')
      : null;
  const detail = [
    line.supplier?.name && line.supplier.name !== line.hotel_name ? line.supplier.name : null,
    line.date_from || line.date_to ? formatDateRange(line.date_from, line.date_to) : null,
    line.pax ? `${line.pax} pax` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return { title: place ? `${what}: ${place}` : what, detail: detail || (line.description ?? '') };
}

import {
  type BillableLine,
  type BillFileType,
  type BillLine,
  type BillListItem,
  type BillRecord,
  billDifference,
  type CurrencyCode,
  formatDisplayDate,
  type PaymentStatus,
  type RequestRef,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { BillingLine, BillLineRow, BillRow, BillWithNames } from './bills.repository.ts';

const money = (v: string) => new Decimal(v).toFixed(2);

/** What the service is, in one line: 'The Ritz, Deluxe · 01/06/2026 – 05/06/2026 · 2 pax · late check-out'. */
export function lineDescription(
  l: Pick<
    BillingLine,
    | 'service_type'
    | 'service_subtype'
    | 'hotel_name'
    | 'room_type'
    | 'route'
    | 'date_from'
    | 'date_to'
    | 'pax'
    | 'description'
  >,
): string {
  const what =
    [l.hotel_name, l.room_type].filter(Boolean).join(', ') || l.route || l.service_subtype || l.service_type;
  const dates =
    l.date_from && l.date_to && l.date_to !== l.date_from
      ? `${formatDisplayDate(l.date_from)} – ${formatDisplayDate(l.date_to)}`
      : l.date_from
        ? formatDisplayDate(l.date_from)
        : null;
  return [what, dates, l.pax ? `${l.pax} pax` : null, l.description?.trim() || null]
    .filter(Boolean)
    .join(' · ');
}

/** Relative to `/api/v1`, as the web's HTTP client takes paths. */
export const billFileUrl = (id: number) => `supplier-invoices/${id}/file/`;

const todayUtc = () => new Date().toISOString().slice(0, 10);

function shape(r: BillWithNames, requests: RequestRef[]): BillListItem {
  const b = r.bill;
  const diff = billDifference(b.amount, b.lines_cost);
  const status = (b.payment_status ?? 'Unpaid') as PaymentStatus;
  return {
    id: b.id,
    number: b.number,
    supplier: { id: b.supplier_id, name: r.supplier_name },
    company: { id: b.company_id, code: r.company_code, name: r.company_name },
    requests,
    issue_date: b.issue_date,
    due_date: b.due_date,
    currency: b.currency as CurrencyCode,
    amount: money(b.amount),
    lines_cost: money(b.lines_cost),
    difference: diff.difference,
    difference_pct: diff.pct,
    settled_amount: money(b.settled_amount),
    open_amount: money(new Decimal(b.amount).minus(b.settled_amount).toFixed(2)),
    payment_status: status,
    overdue: status !== 'Paid' && b.due_date < todayUtc(),
    file: { name: b.file_name, type: b.file_type as BillFileType, size: b.file_size, url: billFileUrl(b.id) },
  };
}

export const toBillListItem = (r: BillWithNames, requests: RequestRef[]): BillListItem => shape(r, requests);

export function toBillLine(l: BillLineRow): BillLine {
  return {
    id: l.id,
    line_id: l.line_id,
    request: { id: l.request_id, number: l.request_number },
    service_type: l.service_type,
    description: lineDescription(l),
    amount: money(l.amount),
  };
}

export function toBillRecord(r: BillWithNames, requests: RequestRef[], lines: BillLineRow[]): BillRecord {
  const b = r.bill;
  return {
    ...shape(r, requests),
    difference_explanation: b.difference_explanation,
    internal_note: b.internal_note,
    base_currency: b.base_currency as CurrencyCode,
    rate: new Decimal(b.rate).toFixed(6),
    amount_base: money(b.amount_base),
    lines: lines.map(toBillLine),
    created_by:
      b.created_by !== null && r.created_by_name !== null
        ? { id: b.created_by, name: r.created_by_name }
        : null,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
    version: b.version,
  };
}

export function toBillableLine(l: BillingLine): BillableLine {
  return {
    line_id: l.id,
    position: l.position,
    request: { id: l.request_id, number: l.request_number },
    company: { id: l.company_id, code: l.company_code, name: l.company_name },
    service_type: l.service_type,
    description: lineDescription(l),
    cost: money(l.cost),
    cost_currency: l.cost_currency as CurrencyCode,
    status: l.status ?? '',
  };
}

/** The audit's view of a bill: what a reader needs, the file by name and hash (never its bytes). */
export function billSnapshot(b: BillRow, lineIds: number[]) {
  return {
    number: b.number,
    supplier_id: b.supplier_id,
    company_id: b.company_id,
    issue_date: b.issue_date,
    due_date: b.due_date,
    currency: b.currency,
    amount: money(b.amount),
    lines_cost: money(b.lines_cost),
    difference_explanation: b.difference_explanation,
    internal_note: b.internal_note,
    rate_set_id: b.rate_set_id,
    rate: b.rate,
    amount_base: money(b.amount_base),
    lines: lineIds,
    file_name: b.file_name,
    file_type: b.file_type,
    file_size: b.file_size,
    file_sha256: b.file_sha256,
  };
}

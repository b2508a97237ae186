import type {
  AccountStatus,
  AccountType,
  CreditApplication,
  CurrencyCode,
  DocumentPaymentState,
  InvoiceKind,
  InvoiceLine,
  InvoiceListItem,
  InvoiceRecord,
  VatTreatment,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { InvoiceLineWithRefs, InvoiceRow, InvoiceWithRefs } from './invoices.repository.ts';

/** Where the PDF of a document is served (built in invoice-documents.routes.ts). */
export const invoicePdfUrl = (id: number) => `/api/v1/client-invoices/${id}/pdf/`;

/** The treatment of each account type (decision 0010, "VAT treatment"); anything else has none. */
const TREATMENTS: Record<string, VatTreatment> = {
  'Toms EU': 'toms',
  'Toms non EU': 'toms',
  Disbursement: 'disbursement',
};
export const vatTreatmentOf = (accountType: string): VatTreatment | null => TREATMENTS[accountType] ?? null;

export const money = (v: string | Decimal): string => new Decimal(v).toFixed(2);

/** The client as the document bills it, frozen at issue. */
export interface BillTo {
  name: string;
  address: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
}

/** The company and the Income account the client pays into, frozen at issue (the PDF prints them). */
export interface Seller {
  name: string;
  address: string | null;
  vat_number: string | null;
  registration_number: string | null;
  base_currency: string;
  bank: {
    account_name: string | null;
    bank_name: string;
    account_number: string;
    swift: string | null;
    currency: string;
  };
}

export function billToOf(c: {
  first_name: string;
  last_name: string;
  address: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
}): BillTo {
  return {
    name: `${c.first_name} ${c.last_name}`.trim(),
    address: c.address,
    city: c.city,
    country: c.country,
    email: c.email,
  };
}

export function sellerOf(
  company: {
    name: string;
    address: string | null;
    vat_number: string | null;
    registration_number: string | null;
    base_currency: string;
  },
  bank: Seller['bank'],
): Seller {
  return {
    name: company.name,
    address: company.address,
    vat_number: company.vat_number,
    registration_number: company.registration_number,
    base_currency: company.base_currency,
    bank: { ...bank },
  };
}

/**
 * What an invoice line says of its service, frozen at issue: "Hotel: The Ritz, Deluxe Suite · 2 pax ·
 * Honeymoon". The service dates are kept in their own columns.
 */
export function describeLine(l: {
  service_type: string;
  service_subtype: string | null;
  hotel_name: string | null;
  room_type: string | null;
  meal: string | null;
  route: string | null;
  flight_class: string | null;
  pax: number | null;
  description: string | null;
}): string {
  const what = l.service_subtype ?? l.service_type;
  const where = [l.hotel_name, l.room_type, l.meal, l.route, l.flight_class]
    .map((s) => s?.trim())
    .filter((s): s is string => !!s)
    .join(', ');
  const parts = [
    where ? `${what}: ${where}` : what,
    l.pax ? `${l.pax} pax` : null,
    l.description?.trim() || null,
  ];
  return parts.filter((p): p is string => !!p).join(' · ');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Not paid and due before today (UTC). Credit notes are never overdue: the client is owed them. */
export const isOverdue = (
  d: { kind: string; payment_status: string | null; due_date: string },
  today: string,
): boolean => d.kind === 'invoice' && d.payment_status !== 'Paid' && d.due_date < today;

export function toInvoiceListItem(
  r: Pick<InvoiceWithRefs, 'invoice' | 'company' | 'client_name' | 'request_number'>,
  today: string,
): InvoiceListItem {
  const i = r.invoice;
  return {
    id: i.id,
    kind: i.kind as InvoiceKind,
    number: i.number,
    company: r.company,
    client: { id: i.client_id, name: r.client_name },
    request: { id: i.request_id, number: r.request_number },
    currency: i.currency as CurrencyCode,
    issue_date: i.issue_date,
    due_date: i.due_date,
    total: money(i.total),
    settled_amount: money(i.settled_amount),
    open_amount: money(i.open_amount ?? new Decimal(i.total).minus(i.settled_amount)),
    payment_status: i.payment_status as DocumentPaymentState,
    sent_at: iso(i.sent_at),
    sent_to: i.sent_to,
    overdue: isOverdue(i, today),
    pdf_url: invoicePdfUrl(i.id),
  };
}

export function toInvoiceLine(r: InvoiceLineWithRefs): InvoiceLine {
  const l = r.line;
  return {
    id: l.id,
    position: l.position,
    line_id: l.line_id,
    request: { id: l.request_id, number: r.request_number },
    line_status: r.line_status as AccountStatus | null,
    account_type: l.account_type as AccountType,
    vat_treatment: vatTreatmentOf(l.account_type) ?? 'toms',
    description: l.description,
    service_date_from: l.service_date_from,
    service_date_to: l.service_date_to,
    amount: money(l.amount),
    credited_at: iso(l.credited_at),
    reverses_line_id: l.reverses_line_id,
  };
}

export type ApplicationRow = {
  id: number;
  amount: string;
  created_at: Date;
  credit_note: { id: number; number: string };
  invoice: { id: number; number: string };
};

export function toInvoiceRecord(
  r: InvoiceWithRefs,
  parts: {
    lines: InvoiceLineWithRefs[];
    creditNotes: Array<{ id: number; number: string; total: string }>;
    applications: ApplicationRow[];
  },
  today: string,
): InvoiceRecord {
  const i = r.invoice;
  return {
    ...toInvoiceListItem(r, today),
    credits_invoice:
      i.credits_invoice_id !== null && r.credits_number !== null
        ? { id: i.credits_invoice_id, number: r.credits_number }
        : null,
    reason: i.reason,
    base_currency: i.base_currency as CurrencyCode,
    rate_set_id: i.rate_set_id,
    rate: new Decimal(i.rate).toFixed(6),
    total_base: money(i.total_base),
    bill_to: i.bill_to as BillTo,
    internal_note: i.internal_note,
    lines: parts.lines.map(toInvoiceLine),
    credit_notes: parts.creditNotes.map((c) => ({ id: c.id, number: c.number, total: money(c.total) })),
    applications: parts.applications.map(
      (a): CreditApplication => ({
        id: a.id,
        credit_note: a.credit_note,
        invoice: a.invoice,
        amount: money(a.amount),
        created_at: a.created_at.toISOString(),
      }),
    ),
    created_by:
      i.created_by !== null && r.creator_name !== null ? { id: i.created_by, name: r.creator_name } : null,
    created_at: i.created_at.toISOString(),
    updated_at: i.updated_at.toISOString(),
    version: i.version,
  };
}

/** What the history keeps of a document: its own fields, not the generated ones. */
export function invoiceSnapshot(i: InvoiceRow, lines?: ReadonlyArray<{ line_id: number; amount: string }>) {
  return {
    kind: i.kind,
    number: i.number,
    client_id: i.client_id,
    request_id: i.request_id,
    credits_invoice_id: i.credits_invoice_id,
    reason: i.reason,
    currency: i.currency,
    issue_date: i.issue_date,
    due_date: i.due_date,
    total: money(i.total),
    rate_set_id: i.rate_set_id,
    rate: i.rate,
    settled_amount: money(i.settled_amount),
    internal_note: i.internal_note,
    ...(lines && { lines: lines.map((l) => `${l.line_id}: ${money(l.amount)}`).join(', ') }),
  };
}

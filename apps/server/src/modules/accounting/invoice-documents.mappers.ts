import type { AccountType, InvoiceKind } from '@app/shared';
import type { InvoiceBillTo, InvoiceDocument, InvoiceSeller } from './invoice.pdf.ts';
import type { InvoiceDocumentRows } from './invoice-documents.repository.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The snapshot as issued; a missing key prints as nothing rather than failing the PDF. */
function sellerOf(raw: unknown, currency: string): InvoiceSeller {
  const s = (raw ?? {}) as Record<string, unknown>;
  const b = s.bank && typeof s.bank === 'object' ? (s.bank as Record<string, unknown>) : null;
  return {
    name: text(s.name) ?? '',
    address: text(s.address),
    vat_number: text(s.vat_number),
    registration_number: text(s.registration_number),
    base_currency: text(s.base_currency) ?? currency,
    bank:
      b && text(b.account_number)
        ? {
            account_name: text(b.account_name),
            bank_name: text(b.bank_name) ?? '',
            account_number: text(b.account_number)!,
            swift: text(b.swift),
            currency: text(b.currency) ?? currency,
          }
        : null,
  };
}

function billToOf(raw: unknown): InvoiceBillTo {
  const c = (raw ?? {}) as Record<string, unknown>;
  return {
    name: text(c.name) ?? '',
    address: text(c.address),
    city: text(c.city),
    country: text(c.country),
    email: text(c.email),
  };
}

/** The rows as the PDF prints them; the client's reference is the issuing request first. */
export function toInvoiceDocument({ header, lines }: InvoiceDocumentRows): InvoiceDocument {
  const requestNumbers = [...new Set([header.request_number, ...lines.map((l) => l.request_number)])];
  return {
    kind: header.kind as InvoiceKind,
    number: header.number,
    issue_date: header.issue_date,
    due_date: header.due_date,
    currency: header.currency,
    total: header.total,
    credits_number: header.credits_number,
    reason: header.reason,
    request_numbers: requestNumbers,
    seller: sellerOf(header.seller, header.currency),
    bill_to: billToOf(header.bill_to),
    lines: lines.map((l) => ({
      account_type: l.account_type as AccountType,
      description: l.description,
      service_date_from: l.service_date_from,
      service_date_to: l.service_date_to,
      amount: l.amount,
    })),
  };
}

import type { CurrencyCode, DocumentKind, DocumentPaymentState, RegisterRow } from '@app/shared';
import type { RegisterRowWithCompany } from './register-list.repository.ts';

/** The web path of a document's page. */
export const documentUrl = (kind: DocumentKind, id: number): string =>
  kind === 'bill' ? `/accounting/supplier-invoices/${id}` : `/accounting/client-invoices/${id}`;

/** A register row as the API answers it; `today` is the UTC date overdue is measured against. */
export function toRegisterRow(x: RegisterRowWithCompany, today: string): RegisterRow {
  const r = x.row;
  const kind = r.doc_kind as DocumentKind;
  const status = r.payment_status as DocumentPaymentState;
  return {
    kind,
    id: r.doc_id,
    number: r.number,
    company: { id: r.company_id, code: x.company_code, name: x.company_name },
    counterparty: {
      kind: r.counterparty_kind as 'client' | 'supplier',
      id: r.counterparty_id,
      name: r.counterparty_name,
    },
    request_numbers: r.request_numbers,
    issue_date: r.issue_date,
    due_date: r.due_date,
    currency: r.currency as CurrencyCode,
    total: r.total,
    settled_amount: r.settled_amount,
    open_amount: r.open_amount ?? r.total,
    payment_status: status,
    sent: r.sent,
    overdue: status !== 'Paid' && r.due_date < today,
    url: documentUrl(kind, r.doc_id),
  };
}

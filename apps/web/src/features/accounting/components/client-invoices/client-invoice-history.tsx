import { useState } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { RecordHistory } from '../../../../ui/history/record-history.tsx';
import {
  CLIENT_INVOICE_AUDIT_PAGE,
  useClientInvoiceAudit,
} from '../../api/client-invoices/get-client-invoice-audit.ts';

/** What each recorded action means on a document that is issued, sent and credited, never edited. */
const ACTIONS = {
  create: { label: 'Issued', color: 'green' },
  issue: { label: 'Issued', color: 'green' },
  update: { label: 'Changed', color: 'gray' },
  send: { label: 'Sent', color: 'blue' },
  credit: { label: 'Credited', color: 'grape' },
  settle: { label: 'Settled', color: 'gray' },
};

const FIELD_LABELS: Record<string, string> = {
  number: 'Number',
  kind: 'Kind',
  issue_date: 'Issue date',
  due_date: 'Due date',
  currency: 'Currency',
  rate: 'Rate',
  rate_set_id: 'Rate set',
  total: 'Total',
  lines: 'Lines (request line: amount)',
  reason: 'Reason',
  credited_by: 'Credit note',
  sent_to: 'Sent to',
  cc: 'Cc',
  sent_at: 'Sent at',
  settled_amount: 'Settled',
  internal_note: 'Internal note',
};
// the client, request and credited invoice are on the page, by name and with links
const HIDDEN = ['client_id', 'request_id', 'credits_invoice_id'];

/** Recorded amounts, shown grouped as everywhere else (`3 554.00`). */
const MONEY_FIELDS = new Set(['total', 'settled_amount']);
const money = (field: string, value: unknown) =>
  MONEY_FIELDS.has(field) && typeof value === 'string' ? formatMoney(value) : undefined;

/** Who issued, sent, credited the document or changed its note, and when; newest first. */
export function ClientInvoiceHistory({ invoiceId }: { invoiceId: number }) {
  const [limit, setLimit] = useState(CLIENT_INVOICE_AUDIT_PAGE);
  const audit = useClientInvoiceAudit(invoiceId, limit);
  return (
    <RecordHistory
      audit={audit}
      onShowMore={() => setLimit((n) => n + CLIENT_INVOICE_AUDIT_PAGE)}
      actions={ACTIONS}
      fieldLabels={FIELD_LABELS}
      hidden={HIDDEN}
      formatValue={money}
      foldedActions={['create', 'issue']}
    />
  );
}

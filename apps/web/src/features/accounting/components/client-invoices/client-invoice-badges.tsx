import type { DocumentPaymentState } from '@app/shared/accounting/accounting.common';
import type { AccountStatus } from '@app/shared/value-lists';
import { Badge } from '@mantine/core';
import { DocumentKindBadge, DocumentStatuses } from '../../../../ui/documents/document-status-badges.tsx';

/** A credit note is told apart from an invoice wherever both are listed; an invoice needs no mark. */
export function ClientInvoiceKindBadge({ kind }: { kind: 'invoice' | 'credit_note' }) {
  return kind === 'credit_note' ? <DocumentKindBadge kind={kind} /> : null;
}

/** The common status chips, read from a client invoice's `sent_at`. */
export function ClientInvoiceStatuses({
  sentAt,
  paymentStatus,
  overdue,
}: {
  sentAt: string | null;
  paymentStatus: DocumentPaymentState;
  overdue?: boolean;
}) {
  return <DocumentStatuses sent={sentAt !== null} paymentStatus={paymentStatus} overdue={overdue} />;
}

const LINE_COLORS: Record<AccountStatus, string> = {
  Confirmed: 'teal',
  Invoiced: 'violet',
  Accounted: 'green',
  Canceled: 'gray',
};

/** A request line's accounting status, in the request page's colours; none yet reads "Not confirmed". */
export function RequestLineStatusBadge({ status }: { status: AccountStatus | null }) {
  return (
    <Badge
      color={status ? LINE_COLORS[status] : 'yellow'}
      variant={status ? 'light' : 'outline'}
      size="sm"
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'nowrap' }}
    >
      {status ?? 'Not confirmed'}
    </Badge>
  );
}

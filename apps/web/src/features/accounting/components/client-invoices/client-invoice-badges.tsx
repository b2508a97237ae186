import type { DocumentPaymentState } from '@app/shared/accounting/accounting.common';
import type { AccountStatus } from '@app/shared/value-lists';
import { Badge, Group } from '@mantine/core';
import {
  DocumentOverdueMark,
  DocumentPaymentBadge,
  DocumentSentBadge,
} from '../common/document-status-badges.tsx';

/** A credit note is told apart from an invoice wherever both are listed; an invoice needs no mark. */
export function ClientInvoiceKindBadge({ kind }: { kind: 'invoice' | 'credit_note' }) {
  return kind === 'credit_note' ? (
    <Badge color="grape" variant="outline" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      Credit note
    </Badge>
  ) : null;
}

/** Sent / Not sent, then Unpaid / Partial / Paid, then the overdue mark when past due. */
export function ClientInvoiceStatuses({
  sentAt,
  paymentStatus,
  overdue,
}: {
  sentAt: string | null;
  paymentStatus: DocumentPaymentState;
  overdue?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <DocumentSentBadge sent={sentAt !== null} />
      <DocumentPaymentBadge status={paymentStatus} />
      {overdue ? <DocumentOverdueMark /> : null}
    </Group>
  );
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

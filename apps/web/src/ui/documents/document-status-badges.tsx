import type { DocumentKind, DocumentPaymentState } from '@app/shared/accounting/accounting.common';
import { DOCUMENT_KIND_LABELS } from '@app/shared/accounting/accounting.common';
import { Badge, Group, Text } from '@mantine/core';

/**
 * The chips of an accounting document wherever it is listed (accounting lists and pages, the
 * request page's documents): Unpaid orange, Partial yellow, Paid teal; Sent blue, Not sent grey.
 */
const PAYMENT_COLORS: Record<DocumentPaymentState, string> = {
  Unpaid: 'orange',
  Partial: 'yellow',
  Paid: 'teal',
};

/** Unpaid / Partial / Paid: derived by the server from what is settled, never set by hand. */
export function DocumentPaymentBadge({ status }: { status: DocumentPaymentState }) {
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="light" radius="sm" tt="none" data-testid="payment-status">
      {status}
    </Badge>
  );
}

/** Sent / Not sent of a client invoice or credit note (a bill has neither: `null`). */
export function DocumentSentBadge({ sent }: { sent: boolean | null }) {
  if (sent === null) return null;
  return (
    <Badge
      color={sent ? 'blue' : 'gray'}
      variant={sent ? 'light' : 'outline'}
      radius="sm"
      tt="none"
      data-testid="sent-status"
    >
      {sent ? 'Sent' : 'Not sent'}
    </Badge>
  );
}

const KIND_COLORS: Record<DocumentKind, string> = { invoice: 'blue', credit_note: 'grape', bill: 'cyan' };

/** Invoice, Credit note or Bill, where the three are listed together. */
export function DocumentKindBadge({ kind }: { kind: DocumentKind }) {
  return (
    <Badge color={KIND_COLORS[kind]} variant="outline" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {DOCUMENT_KIND_LABELS[kind]}
    </Badge>
  );
}

/** Past its due date and not paid: red text the eye finds in a column of dates. */
export function DocumentOverdueMark() {
  return (
    <Text span size="xs" fw={700} c="red.7" style={{ whiteSpace: 'nowrap' }} data-testid="overdue">
      Overdue
    </Text>
  );
}

/** Sent / Not sent (invoices only), then Unpaid / Partial / Paid, then the overdue mark when past due. */
export function DocumentStatuses({
  sent,
  paymentStatus,
  overdue = false,
  wrap = false,
}: {
  sent: boolean | null;
  paymentStatus: DocumentPaymentState;
  overdue?: boolean;
  wrap?: boolean;
}) {
  return (
    <Group gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
      <DocumentSentBadge sent={sent} />
      <DocumentPaymentBadge status={paymentStatus} />
      {overdue ? <DocumentOverdueMark /> : null}
    </Group>
  );
}

import type { PaymentVoucherStatus } from '@app/shared/value-lists';
import { Badge } from '@mantine/core';

const COLORS: Record<PaymentVoucherStatus, string> = { Inactive: 'gray', Active: 'blue', Paid: 'teal' };

/** Inactive until an Accountant approves it, Active = to be paid, Paid once matched to a payment. */
export function VoucherStatusBadge({ status }: { status: PaymentVoucherStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant={status === 'Inactive' ? 'outline' : 'light'}
      radius="sm"
      tt="none"
      data-testid="voucher-status"
    >
      {status}
    </Badge>
  );
}

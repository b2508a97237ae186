import type { RequestStatus } from '@app/shared/requests/requests.status';
import type { AccountStatus, LogRequestStatus } from '@app/shared/value-lists';
import { Badge } from '@mantine/core';
import { REQUEST_STATUS_COLORS } from '../list/request-status-badge.tsx';

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge
      color={REQUEST_STATUS_COLORS[status]}
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      data-testid="request-status"
    >
      {status}
    </Badge>
  );
}

const LINE_COLORS: Record<AccountStatus, string> = {
  Confirmed: 'teal',
  Invoiced: 'violet',
  Accounted: 'green',
  Canceled: 'gray',
};

/** A line's accounting status; none yet reads "Not confirmed". */
export function LineStatusBadge({ status }: { status: AccountStatus | null }) {
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

const LOG_COLORS: Record<LogRequestStatus, string> = {
  NEW: 'blue',
  'SENT FOR CORRECTION': 'orange',
  CONFIRM: 'green',
};

export function LogStatusBadge({ status }: { status: LogRequestStatus }) {
  return (
    <Badge color={LOG_COLORS[status]} variant="light" size="sm" radius="sm">
      {status}
    </Badge>
  );
}

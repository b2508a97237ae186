import type { RequestStatus } from '@app/shared/requests/requests.status';
import { Badge } from '@mantine/core';

/** A colour per step, from New (grey) to Accounted (green); Canceled is red. */
export const REQUEST_STATUS_COLORS: Record<RequestStatus, string> = {
  New: 'gray',
  'In progress': 'blue',
  Confirmed: 'teal',
  Invoiced: 'violet',
  Accounted: 'green',
  Canceled: 'red',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge
      color={REQUEST_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ overflow: 'visible', flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}

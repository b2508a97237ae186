import { LOG_REPORT_STATUS_LABELS, type LogReportRow } from '@app/shared/reports/log-report.schemas';
import type { LogRequestStatus } from '@app/shared/value-lists';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDuration } from './log-report-filters.ts';
import { formatUtcDateTime } from './report-format.tsx';

const STATUS_COLORS: Record<LogRequestStatus, string> = {
  NEW: 'blue',
  'SENT FOR CORRECTION': 'orange',
  CONFIRM: 'green',
};

/** The LOG status as the request's page shows it (NEW, SENT FOR CORRECTION, CONFIRM), explained on hover. */
export function LogReportStatusBadge({ status }: { status: LogRequestStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size="sm"
      radius="sm"
      style={{ whiteSpace: 'nowrap' }}
      title={LOG_REPORT_STATUS_LABELS[status]}
    >
      {status}
    </Badge>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function Managers({ row }: { row: LogReportRow }) {
  return (
    <Stack gap={0}>
      {(['FO', 'BO'] as const).map((role) => (
        <Text size="sm" key={role} style={nowrap}>
          <Text span size="xs" c="dimmed">
            {role}{' '}
          </Text>
          {(role === 'FO' ? row.fo_manager : row.bo_manager)?.name ?? '—'}
        </Text>
      ))}
    </Stack>
  );
}

/** Who has to act: any accountant while NEW, the submitter while sent back, nobody once confirmed. */
function WaitingOn({ row }: { row: LogReportRow }) {
  if (row.status === 'NEW')
    return (
      <Text size="sm" c="blue.8">
        Accounting
      </Text>
    );
  if (row.status === 'SENT FOR CORRECTION')
    return (
      <Text size="sm" c="orange.8">
        {row.assignee?.name ?? 'BO'}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * A LOG record per row: the request (a link to its page), its status and people, when it was
 * first submitted and confirmed, how often it was sent back, how long it took and who has to act.
 * The four sortable columns are the API's orderings. The last step's time is in the export.
 */
export const LOG_REPORT_COLUMNS: ColumnDef<LogReportRow, unknown>[] = [
  {
    id: 'request',
    header: 'Request',
    cell: ({ row }) => (
      <Anchor component={Link} to={row.original.request.url} fw={600} size="sm" style={nowrap}>
        {row.original.request.number}
      </Anchor>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { width: 170 },
    cell: ({ row }) => <LogReportStatusBadge status={row.original.status} />,
  },
  {
    id: 'client',
    header: 'Client',
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2}>
        {row.original.client.name}
      </Text>
    ),
  },
  { id: 'office', header: 'Office', cell: ({ row }) => row.original.office.title },
  { id: 'managers', header: 'Managers', cell: ({ row }) => <Managers row={row.original} /> },
  {
    id: 'submitted',
    // UTC, as the first-submitted filter's days and the export
    header: 'First submitted (UTC)',
    enableSorting: true,
    cell: ({ row }) => <span style={nowrap}>{formatUtcDateTime(row.original.submitted_at)}</span>,
  },
  {
    id: 'confirmed',
    header: 'Confirmed (UTC)',
    enableSorting: true,
    cell: ({ row }) => <span style={nowrap}>{formatUtcDateTime(row.original.confirmed_at)}</span>,
  },
  {
    id: 'corrections',
    header: 'Corrections',
    enableSorting: true,
    meta: { align: 'right' },
    cell: ({ row }) => (
      <Text
        size="sm"
        fw={row.original.corrections ? 700 : 400}
        c={row.original.corrections ? 'orange.8' : 'dimmed'}
      >
        {row.original.corrections}
      </Text>
    ),
  },
  {
    id: 'time_to_confirm',
    header: 'Time to confirm',
    enableSorting: true,
    meta: { align: 'right' },
    cell: ({ row }) => <span style={nowrap}>{formatDuration(row.original.time_to_confirm)}</span>,
  },
  { id: 'waiting_on', header: 'Waiting on', cell: ({ row }) => <WaitingOn row={row.original} /> },
];

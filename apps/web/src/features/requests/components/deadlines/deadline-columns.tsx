import type { DeadlineListItem } from '@app/shared/requests/requests.schemas';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { LineStatusBadge } from '../request/status-badge.tsx';
import { type DeadlineUrgency, deadlineUrgency } from './deadlines-filters.ts';

const URGENCY = {
  overdue: { color: 'red.7', label: 'Overdue' },
  soon: { color: 'orange.7', label: 'Within 7 days' },
} as const;

/** The due date, red when overdue and orange when due within 7 days, said in words too. */
function DueDate({ row, urgency }: { row: DeadlineListItem; urgency: DeadlineUrgency }) {
  const look = urgency ? URGENCY[urgency] : null;
  return (
    <Stack gap={0} data-urgency={urgency ?? undefined}>
      <Text
        size="sm"
        fw={look ? 700 : 500}
        c={look?.color}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="deadline-due"
      >
        {formatDate(row.due_date)}
      </Text>
      {look ? (
        <Text size="xs" c={look.color}>
          {look.label}
        </Text>
      ) : null}
    </Stack>
  );
}

function RequestLink({ row }: { row: DeadlineListItem }) {
  return (
    <Anchor
      component={Link}
      to={`/requests/${row.request.id}`}
      fw={600}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      {row.request.number}
    </Anchor>
  );
}

function Managers({ row }: { row: DeadlineListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" lineClamp={1}>
        <Text span size="xs" c="dimmed">
          FO{' '}
        </Text>
        {row.fo_manager?.name ?? '—'}
      </Text>
      <Text size="sm" lineClamp={1}>
        <Text span size="xs" c="dimmed">
          BO{' '}
        </Text>
        {row.bo_manager?.name ?? '—'}
      </Text>
    </Stack>
  );
}

/**
 * What a manager chasing payments scans: when (coloured by urgency), what and how much, for which
 * request (a link), line and supplier, and whose it is. `due_date` and `amount` sort on the server.
 * A phone shows the first columns: the amount and the request come along under the date.
 */
export function deadlineColumns(today: string): ColumnDef<DeadlineListItem, unknown>[] {
  return [
    {
      id: 'due_date',
      header: 'Due date',
      enableSorting: true,
      meta: { width: 130 },
      cell: ({ row }) => (
        <Stack gap={2}>
          <DueDate row={row.original} urgency={deadlineUrgency(row.original, today)} />
          <Stack gap={0} hiddenFrom="md" mt={2}>
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(row.original.amount, row.original.currency)}
            </Text>
            <RequestLink row={row.original} />
          </Stack>
        </Stack>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      meta: { width: 120 },
      cell: ({ row }) => <Text size="sm">{row.original.type}</Text>,
    },
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      meta: { align: 'right', width: 140 },
      cell: ({ row }) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.original.amount, row.original.currency)}
        </Text>
      ),
    },
    {
      id: 'request',
      header: 'Request',
      meta: { width: 170 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <RequestLink row={row.original} />
          <Text size="xs" c="dimmed" lineClamp={1}>
            {row.original.client.name} · {row.original.office.title}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'line',
      header: 'Line',
      meta: { width: 200 },
      cell: ({ row }) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm">{row.original.line.service_type}</Text>
          <LineStatusBadge status={row.original.line.status} />
        </Group>
      ),
    },
    {
      id: 'supplier',
      header: 'Supplier',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2}>
          {row.original.supplier?.name ?? '—'}
        </Text>
      ),
    },
    {
      id: 'managers',
      header: 'Managers',
      meta: { width: 170 },
      cell: ({ row }) => <Managers row={row.original} />,
    },
  ];
}

import type { RequestListItem } from '@app/shared/requests/requests.schemas';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateRange } from '../../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

/** The margin in the company's base currency, red and bold when negative. */
function MarginText({ row, size }: { row: RequestListItem; size: 'xs' | 'sm' }) {
  const negative = isNegative(row.margin);
  return (
    <Text
      size={size}
      fw={negative ? 600 : undefined}
      c={negative ? 'red.7' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      data-negative={negative ? 'true' : undefined}
    >
      {formatMoney(row.margin, row.base_currency)}
    </Text>
  );
}

/** The managers of a request, FO above BO, each named by its role for a screen reader. */
function Managers({ row }: { row: RequestListItem }) {
  const { fo_manager: fo, bo_manager: bo } = row;
  if (!fo && !bo)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" lineClamp={1}>
        <Text span size="xs" c="dimmed">
          FO{' '}
        </Text>
        {fo?.name ?? '—'}
      </Text>
      <Text size="sm" lineClamp={1}>
        <Text span size="xs" c="dimmed">
          BO{' '}
        </Text>
        {bo?.name ?? '—'}
      </Text>
    </Stack>
  );
}

/**
 * What a manager scans: the number (a link to the request), client, dates, services, suppliers,
 * managers, status, and the sell total and margin in the company's base currency (negative in red).
 * `number`, `client`, `date_from`, `status`, `sell_total`, `margin` and `created_at` sort on the server.
 */
export const REQUEST_COLUMNS: ColumnDef<RequestListItem, unknown>[] = [
  {
    id: 'number',
    header: 'Number',
    enableSorting: true,
    meta: { width: 150 },
    cell: ({ row }) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={`/requests/${row.original.id}`}
          fw={600}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.number}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.original.kind === 'accounting' ? 'Accounting · ' : ''}
          {row.original.office.title}
        </Text>
        {/* a phone shows the first columns only: status and margin come along under the number */}
        <Stack gap={2} hiddenFrom="md" mt={4} align="flex-start">
          <RequestStatusBadge status={row.original.status} />
          <MarginText row={row.original} size="xs" />
        </Stack>
      </Stack>
    ),
  },
  {
    id: 'client',
    header: 'Client',
    enableSorting: true,
    meta: { width: 150 },
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2}>
        {row.original.client.name}
      </Text>
    ),
  },
  {
    id: 'date_from',
    header: 'Dates',
    enableSorting: true,
    meta: { width: 120 },
    cell: ({ row }) => <Text size="sm">{formatDateRange(row.original.date_from, row.original.date_to)}</Text>,
  },
  {
    id: 'services',
    header: 'Services',
    meta: { width: 150 },
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2}>
        {row.original.service_types.length ? row.original.service_types.join(', ') : '—'}
      </Text>
    ),
  },
  {
    id: 'suppliers',
    header: 'Suppliers',
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2} title={row.original.supplier_names}>
        {row.original.supplier_names || '—'}
      </Text>
    ),
  },
  {
    id: 'managers',
    header: 'Managers',
    meta: { width: 170 },
    cell: ({ row }) => <Managers row={row.original} />,
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: true,
    meta: { width: 120 },
    cell: ({ row }) => <RequestStatusBadge status={row.original.status} />,
  },
  {
    id: 'sell_total',
    header: 'Sell total',
    enableSorting: true,
    meta: { align: 'right', width: 130 },
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.original.sell_total, row.original.base_currency)}
      </Text>
    ),
  },
  {
    id: 'margin',
    header: 'Margin',
    enableSorting: true,
    meta: { align: 'right', width: 120 },
    cell: ({ row }) => <MarginText row={row.original} size="sm" />,
  },
];

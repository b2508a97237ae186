import { formatDisplayDate, labelOf, MEMBERSHIPS } from '@app/shared';
import type { ClientsReportRow } from '@app/shared/reports/clients-report.schemas';
import type { ReportCurrencyAmount } from '@app/shared/reports/reports.common';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import { Figure, NUMERIC } from './report-format.tsx';

/** Amounts per currency, one per line; nothing is a dash. */
function PerCurrency({ amounts }: { amounts: ReportCurrencyAmount[] | null }) {
  if (!amounts?.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0} align="flex-end">
      {amounts.map((a) => (
        <Text key={a.currency} size="sm" c={isNegative(a.amount) ? 'red.7' : undefined} style={NUMERIC}>
          {formatMoney(a.amount, a.currency)}
        </Text>
      ))}
    </Stack>
  );
}

/** The plan, and under it when it ends. */
function Membership({ row }: { row: ClientsReportRow }) {
  if (!row.membership)
    return (
      <Text size="sm" c="dimmed">
        No plan
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" style={NOWRAP}>
        {labelOf(MEMBERSHIPS, row.membership)}
      </Text>
      {row.membership_end ? (
        <Text c="dimmed" size="xs" style={NOWRAP}>
          until {formatDisplayDate(row.membership_end)}
        </Text>
      ) : null}
    </Stack>
  );
}

const right = { align: 'right' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The report's columns; the sortable ones are the API's orderings. Money in `currency`. Open
 * balance and credit only when `balances` (CLIENTS_REPORT_BALANCES_ACCESS: the server answers them
 * null to everyone else).
 */
export function clientsReportColumns(
  currency: string,
  balances: boolean,
): ColumnDef<ClientsReportRow, unknown>[] {
  const columns: ColumnDef<ClientsReportRow, unknown>[] = [
    {
      id: 'name',
      header: 'Client',
      enableSorting: true,
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={`/directory/clients/${row.original.client.id}`}
            size="sm"
            style={NOWRAP}
          >
            {row.original.client.name}
          </Anchor>
          {row.original.archived ? (
            <Badge size="xs" color="gray" variant="light">
              Archived
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      id: 'office',
      header: 'Office',
      cell: ({ row }) => (
        <Text size="sm" c="dimmed">
          {row.original.office?.title ?? '—'}
        </Text>
      ),
    },
    {
      id: 'fo_manager',
      header: 'FO manager',
      cell: ({ row }) => (
        <Text size="sm" style={NOWRAP}>
          {row.original.fo_manager?.name ?? '—'}
        </Text>
      ),
    },
    { id: 'membership', header: 'Membership', cell: ({ row }) => <Membership row={row.original} /> },
    {
      id: 'rating',
      header: 'Rating',
      cell: ({ row }) => (
        <Text size="sm" style={NOWRAP}>
          {row.original.rating}
        </Text>
      ),
    },
    {
      id: 'requests',
      header: 'Requests',
      enableSorting: true,
      meta: right,
      cell: ({ row }) => (
        <Text size="sm" style={NUMERIC}>
          {row.original.requests}
        </Text>
      ),
    },
    {
      id: 'sales',
      header: `Sales (${currency})`,
      enableSorting: true,
      meta: right,
      cell: ({ row }) => <Figure value={row.original.sales} />,
    },
    {
      id: 'cost',
      header: `Cost (${currency})`,
      enableSorting: true,
      meta: right,
      cell: ({ row }) => <Figure value={row.original.cost} />,
    },
    {
      id: 'margin',
      header: `Margin (${currency})`,
      enableSorting: true,
      meta: right,
      cell: ({ row }) => <Figure value={row.original.margin} />,
    },
    {
      id: 'margin_pct',
      header: 'Margin %',
      enableSorting: true,
      meta: right,
      cell: ({ row }) => <Figure value={row.original.margin_pct} percent />,
    },
  ];
  if (!balances) return columns;
  return [
    ...columns,
    {
      id: 'open_balance',
      header: 'Open balance',
      meta: right,
      cell: ({ row }) => <PerCurrency amounts={row.original.open_balance} />,
    },
    {
      id: 'credit',
      header: 'Credit',
      meta: right,
      cell: ({ row }) => <PerCurrency amounts={row.original.credit} />,
    },
  ];
}

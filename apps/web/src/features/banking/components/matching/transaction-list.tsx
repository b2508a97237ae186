import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { DataTable } from '../../../../ui/list/data-table.tsx';
import { type ListQueryResult, listTableProps } from '../../../../ui/list/list-table-props.ts';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { amountColumns } from '../common/amount-columns.tsx';
import { CounterpartyLink, ReferenceText, TransactionTypeBadge } from '../common/transaction-cells.tsx';
import classes from './matching.module.css';

const COLUMNS: ColumnDef<Transaction, unknown>[] = [
  {
    id: 'date',
    header: 'Date',
    enableSorting: true,
    meta: { width: 150 },
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.original.date)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="bank">
          {row.original.bank.named} · {row.original.bank.company.code}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'counterparty',
    header: 'Counterparty',
    cell: ({ row }) => (
      <Stack gap={2} align="flex-start">
        <CounterpartyLink counterparty={row.original.counterparty} />
        <TransactionTypeBadge type={row.original.type} />
      </Stack>
    ),
  },
  {
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => <ReferenceText reference={row.original.reference} lines={2} />,
  },
  ...amountColumns(),
];

/** The bank lines to match; a click, Enter on a row, or Up/Down anywhere on the screen selects one. */
export function TransactionList({
  list,
  result,
  selectedId,
  onSelect,
  filtered,
  onResetFilters,
}: {
  list: ListStateApi;
  result: ListQueryResult<Transaction>;
  selectedId: number | null;
  onSelect: (transaction: Transaction) => void;
  filtered: boolean;
  onResetFilters: () => void;
}) {
  return (
    <DataTable<Transaction>
      {...listTableProps(list, result)}
      filtered={filtered}
      onResetFilters={onResetFilters}
      label="Bank lines"
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      onRowClick={onSelect}
      rowProps={(row) => ({
        className: row.id === selectedId ? classes.selectedRow : undefined,
        'data-transaction-id': String(row.id),
        'data-selected': row.id === selectedId ? 'true' : undefined,
      })}
      minWidth={620}
      emptyText={
        filtered
          ? 'No bank lines match.'
          : list.state.filters.matched === 'true'
            ? 'No bank lines yet.'
            : 'Every bank line is matched.'
      }
      loadingText="Loading bank lines…"
    />
  );
}

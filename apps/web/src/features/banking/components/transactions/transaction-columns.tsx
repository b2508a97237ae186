import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { ActionIcon, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { amountColumns } from '../common/amount-columns.tsx';
import {
  AmountText,
  CounterpartyLink,
  MatchStatusBadge,
  ReferenceText,
  stopRowClick,
  TransactionTypeBadge,
  transactionWayLabel,
} from '../common/transaction-cells.tsx';

export interface TransactionRowActions {
  onOpen: (transaction: Transaction) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
}

/**
 * What an accountant scans in a bank line: date, account, type, way, counterparty (a link), the
 * bank's text, the amount as it moves the account (a SPEND negative), what is still open, and
 * Matched / Unmatched. `date` and `amount` sort on the server.
 */
export function transactionColumns(actions: TransactionRowActions): ColumnDef<Transaction, unknown>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      enableSorting: true,
      meta: { width: 100 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(row.original.date)}
          </Text>
          {/* a phone shows the first columns: the money and its state come along under the date */}
          <Text size="xs" hiddenFrom="md" style={{ whiteSpace: 'nowrap' }}>
            <AmountText
              amount={row.original.amount}
              currency={row.original.currency}
              type={row.original.type}
            />{' '}
            · {row.original.match_status === 'matched' ? 'Matched' : 'Unmatched'}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'bank',
      header: 'Bank account',
      meta: { width: 170 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" lineClamp={2} title={row.original.bank.named}>
            {row.original.bank.named}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.bank.company.code}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      meta: { width: 150 },
      cell: ({ row }) => <TransactionTypeBadge type={row.original.type} />,
    },
    {
      id: 'way',
      header: 'Way',
      meta: { width: 100 },
      cell: ({ row }) => <Text size="sm">{transactionWayLabel(row.original.way, row.original.type)}</Text>,
    },
    {
      id: 'counterparty',
      header: 'Counterparty',
      meta: { width: 160 },
      cell: ({ row }) =>
        row.original.pair ? (
          // a transfer's other side is an own account, not a client or supplier
          <Text size="sm" c="dimmed" lineClamp={2}>
            {row.original.type.startsWith('SPEND') ? 'To' : 'From'} {row.original.pair.bank}
          </Text>
        ) : (
          <CounterpartyLink counterparty={row.original.counterparty} />
        ),
    },
    {
      id: 'reference',
      header: 'Reference',
      meta: { width: 200 },
      cell: ({ row }) => <ReferenceText reference={row.original.reference} />,
    },
    ...amountColumns({ amount: 140, open: 130 }),
    {
      id: 'match_status',
      header: 'Status',
      meta: { width: 110 },
      cell: ({ row }) => <MatchStatusBadge status={row.original.match_status} />,
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      meta: { align: 'right', width: 48 },
      cell: ({ row }) => <RowMenu transaction={row.original} actions={actions} />,
    },
  ];
}

function RowMenu({ transaction, actions }: { transaction: Transaction; actions: TransactionRowActions }) {
  return (
    // the menu's clicks and keys must not also open the row
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's own handlers
    <div onClick={stopRowClick} onKeyDown={stopRowClick}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for transaction ${transaction.id}`}>
            <Text fw={700} aria-hidden="true">
              ⋯
            </Text>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => actions.onOpen(transaction)}>Open</Menu.Item>
          <Menu.Item onClick={() => actions.onEdit(transaction)}>Edit</Menu.Item>
          <Menu.Item color="red" onClick={() => actions.onDelete(transaction)}>
            {transaction.pair ? 'Delete transfer' : 'Delete'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

import type { Transaction } from '@app/shared/banking/transactions.schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { AmountText } from './transaction-cells.tsx';

/**
 * A bank line's Amount (signed and coloured by its direction, sorted on the server) and Open (what
 * its allocations leave, dimmed once matched): the same in every list of bank lines.
 */
export function amountColumns(widths?: { amount: number; open: number }): ColumnDef<Transaction, unknown>[] {
  return [
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      meta: { align: 'right', width: widths?.amount },
      cell: ({ row }) => (
        <AmountText
          amount={row.original.amount}
          currency={row.original.currency}
          type={row.original.type}
          strong
        />
      ),
    },
    {
      id: 'open',
      header: 'Open',
      meta: { align: 'right', width: widths?.open },
      cell: ({ row }) => (
        <AmountText
          amount={row.original.open_amount}
          currency={row.original.currency}
          dimmed={row.original.match_status === 'matched'}
        />
      ),
    },
  ];
}

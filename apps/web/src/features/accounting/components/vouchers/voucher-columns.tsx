import type { Voucher } from '@app/shared/accounting/vouchers.schemas';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { DocumentOverdueMark } from '../../../../ui/documents/document-status-badges.tsx';
import type { VoucherDecision } from '../../api/vouchers/update-voucher.ts';
import { CounterpartyCell, MoneyText, RowLink, stopRowClick } from '../common/document-cells.tsx';
import { VoucherStatusBadge } from './voucher-status-badge.tsx';

/** What a row can do and what is chosen for a bulk action. */
export interface VoucherRowControls {
  /** The rows on this page: the header box selects or clears them all. */
  rows: readonly Voucher[];
  selected: ReadonlySet<number>;
  onToggle: (voucher: Voucher) => void;
  onToggleAll: (select: boolean) => void;
  onDecide: (voucher: Voucher, status: VoucherDecision) => void;
  /** The voucher whose Approve / Revoke is on its way. */
  busyId: number | null;
}

/** A Paid voucher is settled by matching: nothing to approve or revoke. */
export const isSelectable = (v: Voucher) => v.status !== 'Paid';

/** `Prepayment of 20/11/2026 (BSLF-2026-00022)`: a voucher as a sentence names it. */
export function voucherName(v: Voucher): string {
  return `${v.type} of ${formatDate(v.due_date)} (${v.request.number})`;
}

/**
 * Due date (overdue in red, said in words), type, supplier, request (a link) and line, amount in
 * its currency, status (with who approved), then Approve or Revoke. A box per row for the bulk
 * actions. `due_date` and `amount` sort on the server.
 */
export function voucherColumns(c: VoucherRowControls): ColumnDef<Voucher, unknown>[] {
  const selectable = c.rows.filter(isSelectable);
  const chosen = selectable.filter((v) => c.selected.has(v.id)).length;
  return [
    {
      id: 'select',
      header: () => (
        <Checkbox
          aria-label="Select all vouchers on this page"
          checked={selectable.length > 0 && chosen === selectable.length}
          indeterminate={chosen > 0 && chosen < selectable.length}
          disabled={selectable.length === 0}
          onChange={(event) => c.onToggleAll(event.currentTarget.checked)}
        />
      ),
      meta: { width: 44 },
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select the ${voucherName(row.original)}`}
          checked={c.selected.has(row.original.id)}
          disabled={!isSelectable(row.original)}
          onChange={() => c.onToggle(row.original)}
          onClick={stopRowClick}
        />
      ),
    },
    {
      id: 'due_date',
      header: 'Due date',
      enableSorting: true,
      meta: { width: 120 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text
            size="sm"
            fw={row.original.overdue ? 700 : 500}
            c={row.original.overdue ? 'red.7' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatDate(row.original.due_date)}
          </Text>
          {row.original.overdue ? <DocumentOverdueMark /> : null}
          {/* a phone shows the first columns: what and how much come along under the date */}
          <Text size="xs" hiddenFrom="md" mt={2} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.original.amount, row.original.currency)}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="md" lineClamp={1}>
            {row.original.supplier.name}
          </Text>
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
      id: 'supplier',
      header: 'Supplier',
      cell: ({ row }) => (
        <CounterpartyCell name={row.original.supplier.name} detail={row.original.company.code} />
      ),
    },
    {
      id: 'request',
      header: 'Request',
      meta: { width: 170 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <RowLink to={`/requests/${row.original.request.id}`} strong nowrap>
            {row.original.request.number}
          </RowLink>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {row.original.line.service_type}
            {row.original.line.status === 'Canceled' ? ' · line canceled' : ''}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      meta: { align: 'right', width: 150 },
      cell: ({ row }) => <MoneyText amount={row.original.amount} currency={row.original.currency} strong />,
    },
    {
      id: 'status',
      header: 'Status',
      meta: { width: 170 },
      cell: ({ row }) => (
        <Stack gap={2} align="flex-start">
          <VoucherStatusBadge status={row.original.status} />
          {row.original.status === 'Active' && row.original.approved_at ? (
            <Text size="xs" c="dimmed" lineClamp={2} title={formatDateTime(row.original.approved_at)}>
              Approved {formatDate(row.original.approved_at)}
              {row.original.approved_by ? ` by ${row.original.approved_by.name}` : ''}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: () => <span style={{ whiteSpace: 'nowrap' }}>Action</span>,
      meta: { align: 'right', width: 110 },
      cell: ({ row }) => {
        const v = row.original;
        if (v.status === 'Paid') return null;
        const approve = v.status === 'Inactive';
        return (
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant={approve ? 'light' : 'subtle'}
              color={approve ? undefined : 'gray'}
              loading={c.busyId === v.id}
              aria-label={`${approve ? 'Approve' : 'Revoke'} the ${voucherName(v)}`}
              onClick={(event) => {
                stopRowClick(event);
                c.onDecide(v, approve ? 'Active' : 'Inactive');
              }}
            >
              {approve ? 'Approve' : 'Revoke'}
            </Button>
          </Group>
        );
      },
    },
  ];
}

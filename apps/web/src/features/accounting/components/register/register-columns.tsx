import type { RegisterRow } from '@app/shared/accounting/register.schemas';
import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { DocumentKindBadge, DocumentStatuses } from '../../../../ui/documents/document-status-badges.tsx';
import {
  CounterpartyCell,
  DocumentNumberCell,
  documentDateColumns,
  documentMoneyColumns,
} from '../common/document-cells.tsx';

/**
 * One row per invoice, credit note or bill: kind, number (a link to its page), counterparty
 * (client or supplier) and company, requests, issue and due dates (overdue marked), total and
 * open in the document's currency, then Sent / Not sent (invoices) and the payment status.
 * `number`, `counterparty`, `issue_date`, `due_date` and `total` sort on the server.
 */
export const REGISTER_COLUMNS: ColumnDef<RegisterRow, unknown>[] = [
  {
    id: 'kind',
    header: 'Kind',
    meta: { width: 110 },
    cell: ({ row }) => <DocumentKindBadge kind={row.original.kind} />,
  },
  {
    id: 'number',
    header: 'Number',
    enableSorting: true,
    meta: { width: 190 },
    cell: ({ row }) => (
      <DocumentNumberCell
        to={row.original.url}
        number={row.original.number}
        amount={row.original.total}
        currency={row.original.currency}
        paymentStatus={row.original.payment_status}
        overdue={row.original.overdue}
      />
    ),
  },
  {
    id: 'counterparty',
    header: 'Counterparty',
    enableSorting: true,
    cell: ({ row }) => (
      <CounterpartyCell
        name={row.original.counterparty.name}
        detail={`${row.original.counterparty.kind === 'client' ? 'Client' : 'Supplier'} · ${row.original.company.code}`}
      />
    ),
  },
  {
    id: 'requests',
    header: 'Requests',
    meta: { width: 160 },
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {row.original.request_numbers || '—'}
      </Text>
    ),
  },
  ...documentDateColumns<RegisterRow>(105),
  ...documentMoneyColumns<RegisterRow>({
    header: 'Total',
    amount: (r) => r.total,
    settled: (r) => r.payment_status === 'Paid',
    width: 150,
  }),
  {
    id: 'status',
    header: 'Status',
    meta: { width: 170 },
    cell: ({ row }) => (
      <DocumentStatuses sent={row.original.sent} paymentStatus={row.original.payment_status} wrap />
    ),
  },
];

import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { DocumentOverdueMark as OverdueMark } from '../common/document-status-badges.tsx';
import { ClientInvoiceKindBadge, ClientInvoiceStatuses } from './client-invoice-badges.tsx';
import { CLIENT_INVOICES_PATH } from './client-invoices-filters.ts';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * What an accountant scans: the number (a link; credit notes marked), client, request (a link),
 * issue and due dates (overdue marked), total and what is still open in the document's currency,
 * then Sent / Not sent and Unpaid / Partial / Paid. `number`, `issue_date`, `due_date` and
 * `total` sort on the server.
 */
export const CLIENT_INVOICE_COLUMNS: ColumnDef<InvoiceListItem, unknown>[] = [
  {
    id: 'number',
    header: 'Number',
    enableSorting: true,
    meta: { width: 190 },
    cell: ({ row }) => (
      <Stack gap={2} align="flex-start">
        <Anchor
          component={Link}
          to={`${CLIENT_INVOICES_PATH}/${row.original.id}`}
          fw={600}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          onClick={stop}
        >
          {row.original.number}
        </Anchor>
        <ClientInvoiceKindBadge kind={row.original.kind} />
      </Stack>
    ),
  },
  {
    id: 'client',
    header: 'Client',
    meta: { width: 170 },
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2}>
        {row.original.client.name}
      </Text>
    ),
  },
  {
    id: 'request',
    header: 'Request',
    meta: { width: 150 },
    cell: ({ row }) => (
      <Anchor
        component={Link}
        to={`/requests/${row.original.request.id}`}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        onClick={stop}
      >
        {row.original.request.number}
      </Anchor>
    ),
  },
  {
    id: 'issue_date',
    header: 'Issued',
    enableSorting: true,
    meta: { width: 110 },
    cell: ({ row }) => <Text size="sm">{formatDate(row.original.issue_date)}</Text>,
  },
  {
    id: 'due_date',
    header: 'Due',
    enableSorting: true,
    meta: { width: 110 },
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" c={row.original.overdue ? 'red.7' : undefined}>
          {formatDate(row.original.due_date)}
        </Text>
        {row.original.overdue ? <OverdueMark /> : null}
      </Stack>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    meta: { align: 'right', width: 140 },
    cell: ({ row }) => (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.original.total, row.original.currency)}
      </Text>
    ),
  },
  {
    id: 'open',
    header: 'Open',
    meta: { align: 'right', width: 140 },
    cell: ({ row }) => (
      <Text
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        c={isZero(row.original.open_amount) ? 'dimmed' : undefined}
      >
        {formatMoney(row.original.open_amount, row.original.currency)}
      </Text>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { width: 170 },
    cell: ({ row }) => (
      <Group gap={6}>
        <ClientInvoiceStatuses sentAt={row.original.sent_at} paymentStatus={row.original.payment_status} />
      </Group>
    ),
  },
];

function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount);
}

import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { documentDateColumns, documentMoneyColumns, RowLink } from '../common/document-cells.tsx';
import { ClientInvoiceKindBadge, ClientInvoiceStatuses } from './client-invoice-badges.tsx';
import { CLIENT_INVOICES_PATH } from './client-invoices-filters.ts';

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
        <RowLink to={`${CLIENT_INVOICES_PATH}/${row.original.id}`} strong nowrap>
          {row.original.number}
        </RowLink>
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
      <RowLink to={`/requests/${row.original.request.id}`} nowrap>
        {row.original.request.number}
      </RowLink>
    ),
  },
  ...documentDateColumns<InvoiceListItem>(110),
  ...documentMoneyColumns<InvoiceListItem>({
    header: 'Total',
    amount: (i) => i.total,
    settled: (i) => isZero(i.open_amount),
    width: 140,
  }),
  {
    id: 'status',
    header: 'Status',
    meta: { width: 170 },
    cell: ({ row }) => (
      <ClientInvoiceStatuses sentAt={row.original.sent_at} paymentStatus={row.original.payment_status} />
    ),
  },
];

function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount);
}

import type { RegisterRow } from '@app/shared/accounting/register.schemas';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import {
  DocumentKindBadge,
  DocumentOverdueMark,
  DocumentPaymentBadge,
  DocumentSentBadge,
} from '../common/document-status-badges.tsx';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

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
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={row.original.url}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          onClick={stop}
        >
          {row.original.number}
        </Anchor>
        {/* a phone shows the first columns: the money and its state come along under the number */}
        <Text size="xs" hiddenFrom="md" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.original.total, row.original.currency)} · {row.original.payment_status}
          {row.original.overdue ? ' · overdue' : ''}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'counterparty',
    header: 'Counterparty',
    enableSorting: true,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" lineClamp={2}>
          {row.original.counterparty.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.original.counterparty.kind === 'client' ? 'Client' : 'Supplier'} · {row.original.company.code}
        </Text>
      </Stack>
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
  {
    id: 'issue_date',
    header: 'Issued',
    enableSorting: true,
    meta: { width: 105 },
    cell: ({ row }) => <Text size="sm">{formatDate(row.original.issue_date)}</Text>,
  },
  {
    id: 'due_date',
    header: 'Due',
    enableSorting: true,
    meta: { width: 105 },
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text
          size="sm"
          c={row.original.overdue ? 'red.7' : undefined}
          fw={row.original.overdue ? 700 : undefined}
        >
          {formatDate(row.original.due_date)}
        </Text>
        {row.original.overdue ? <DocumentOverdueMark /> : null}
      </Stack>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    meta: { align: 'right', width: 150 },
    cell: ({ row }) => (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.original.total, row.original.currency)}
      </Text>
    ),
  },
  {
    id: 'open',
    header: 'Open',
    meta: { align: 'right', width: 150 },
    cell: ({ row }) => (
      <Text
        size="sm"
        c={row.original.payment_status === 'Paid' ? 'dimmed' : undefined}
        style={{ whiteSpace: 'nowrap' }}
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
      <Group gap={6} wrap="wrap">
        <DocumentSentBadge sent={row.original.sent} />
        <DocumentPaymentBadge status={row.original.payment_status} />
      </Group>
    ),
  },
];

import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { StrokeIcon } from '../../../../ui/icons/stroke-icon.tsx';
import { downloadBillFile } from '../../api/bills/get-bill-file.ts';
import { DocumentOverdueMark, DocumentPaymentBadge } from '../common/document-status-badges.tsx';
import { formatFileSize } from './bill-file.ts';
import { BILLS_PATH } from './bills-filters.ts';

/** A sheet of paper with a folded corner. */
export const FILE_ICON = 'M14 3H6v18h12V7zM14 3v4h4M9 12h6M9 16h6';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
const FILE_TYPE_LABEL = { pdf: 'PDF', png: 'PNG', jpg: 'JPEG', webp: 'WebP' } as const;

/**
 * What an accountant scans: the supplier's number (a link), supplier and company, the requests it
 * bills (links), issue and due dates (overdue marked), amount and what is still open, Unpaid / Paid,
 * and the file (a download). `number`, `issue_date`, `due_date` and `total` sort on the server.
 */
export const BILL_COLUMNS: ColumnDef<BillListItem, unknown>[] = [
  {
    id: 'number',
    header: 'Number',
    enableSorting: true,
    meta: { width: 170 },
    cell: ({ row }) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={`${BILLS_PATH}/${row.original.id}`}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          onClick={stop}
        >
          {row.original.number}
        </Anchor>
        {/* a phone shows the first columns: the money and its state come along under the number */}
        <Text size="xs" hiddenFrom="md" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.original.amount, row.original.currency)} · {row.original.payment_status}
          {row.original.overdue ? ' · overdue' : ''}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'supplier',
    header: 'Supplier',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" lineClamp={2}>
          {row.original.supplier.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.original.company.code}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'requests',
    header: 'Requests',
    meta: { width: 160 },
    cell: ({ row }) => (
      <Stack gap={0}>
        {row.original.requests.map((r) => (
          <Anchor
            key={r.id}
            component={Link}
            to={`/requests/${r.id}`}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            onClick={stop}
          >
            {r.number}
          </Anchor>
        ))}
      </Stack>
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
    header: 'Amount',
    enableSorting: true,
    meta: { align: 'right', width: 150 },
    cell: ({ row }) => (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.original.amount, row.original.currency)}
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
    meta: { width: 90 },
    cell: ({ row }) => <DocumentPaymentBadge status={row.original.payment_status} />,
  },
  {
    id: 'file',
    header: 'File',
    meta: { width: 60, align: 'right' },
    cell: ({ row }) => {
      const { file } = row.original;
      const label = `Download ${file.name} (${FILE_TYPE_LABEL[file.type]}, ${formatFileSize(file.size)})`;
      return (
        <Group justify="flex-end">
          <Tooltip label={label} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={label}
              onClick={(event) => {
                stop(event);
                void downloadBillFile(row.original);
              }}
            >
              <StrokeIcon d={FILE_ICON} size={18} strokeLinejoin="round" />
            </ActionIcon>
          </Tooltip>
        </Group>
      );
    },
  },
];

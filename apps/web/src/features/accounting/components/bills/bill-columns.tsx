import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { DocumentPaymentBadge } from '../../../../ui/documents/document-status-badges.tsx';
import { StrokeIcon } from '../../../../ui/icons/stroke-icon.tsx';
import { downloadBillFile } from '../../api/bills/get-bill-file.ts';
import {
  CounterpartyCell,
  DocumentNumberCell,
  documentDateColumns,
  documentMoneyColumns,
  RowLink,
  stopRowClick,
} from '../common/document-cells.tsx';
import { formatFileSize } from './bill-file.ts';
import { BILLS_PATH } from './bills-filters.ts';

/** A sheet of paper with a folded corner. */
export const FILE_ICON = 'M14 3H6v18h12V7zM14 3v4h4M9 12h6M9 16h6';

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
      <DocumentNumberCell
        to={`${BILLS_PATH}/${row.original.id}`}
        number={row.original.number}
        amount={row.original.amount}
        currency={row.original.currency}
        paymentStatus={row.original.payment_status}
        overdue={row.original.overdue}
      />
    ),
  },
  {
    id: 'supplier',
    header: 'Supplier',
    cell: ({ row }) => (
      <CounterpartyCell name={row.original.supplier.name} detail={row.original.company.code} />
    ),
  },
  {
    id: 'requests',
    header: 'Requests',
    meta: { width: 160 },
    cell: ({ row }) => (
      <Stack gap={0}>
        {row.original.requests.map((r) => (
          <RowLink key={r.id} to={`/requests/${r.id}`} nowrap>
            {r.number}
          </RowLink>
        ))}
      </Stack>
    ),
  },
  ...documentDateColumns<BillListItem>(105),
  ...documentMoneyColumns<BillListItem>({
    header: 'Amount',
    amount: (b) => b.amount,
    settled: (b) => b.payment_status === 'Paid',
    width: 150,
  }),
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
                stopRowClick(event);
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

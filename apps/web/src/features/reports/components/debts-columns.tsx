import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsBucket,
  type DebtsReportRow,
} from '@app/shared/reports/debts-report.schemas';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import { Figure, NUMERIC } from './report-format.tsx';

/** What a person clicked: a row's bucket, to list the documents behind it. */
export interface DebtsCellChoice {
  row: DebtsReportRow;
  bucket: DebtsBucket;
}

/**
 * What a cell's button says after its amount, for a screen reader (the amount is the visible
 * text and starts the name): ` GBP, 31-60 days, Acme Ltd: open the documents`.
 */
export const bucketCellContext = (row: DebtsReportRow, bucket: DebtsBucket) =>
  ` ${row.currency}, ${DEBTS_BUCKET_LABELS[bucket]}, ${row.counterparty.name}: open the documents`;

/** A bucket's amount; a non-zero one is a button that opens the documents behind it. */
function BucketCell({
  row,
  bucket,
  onOpen,
}: {
  row: DebtsReportRow;
  bucket: DebtsBucket;
  onOpen: (choice: DebtsCellChoice) => void;
}) {
  const value = row.buckets[bucket];
  if (value === '0.00')
    return (
      <Text span size="sm" c="dimmed" style={NUMERIC}>
        —
      </Text>
    );
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      style={NUMERIC}
      c={isNegative(value) ? 'red.7' : undefined}
      onClick={() => onOpen({ row, bucket })}
    >
      {formatMoney(value)}
      <VisuallyHidden component="span">{bucketCellContext(row, bucket)}</VisuallyHidden>
    </Anchor>
  );
}

/** Counterparty, currency, the four buckets (each a way into its documents), total, total converted. */
export function debtsColumns(
  currency: string,
  counterparty: string,
  onOpen: (choice: DebtsCellChoice) => void,
): ColumnDef<DebtsReportRow, unknown>[] {
  return [
    {
      id: 'counterparty',
      header: counterparty,
      enableSorting: true,
      cell: ({ row }) => (
        <Text size="sm" fw={500}>
          {row.original.counterparty.name}
        </Text>
      ),
    },
    { id: 'currency', header: 'Currency', meta: { width: 90 }, cell: ({ row }) => row.original.currency },
    ...DEBTS_BUCKETS.map(
      (bucket): ColumnDef<DebtsReportRow, unknown> => ({
        id: `bucket_${bucket}`,
        header: DEBTS_BUCKET_LABELS[bucket],
        meta: { align: 'right' },
        cell: ({ row }) => <BucketCell row={row.original} bucket={bucket} onOpen={onOpen} />,
      }),
    ),
    {
      id: 'total',
      header: 'Total',
      meta: { align: 'right' },
      cell: ({ row }) => <Figure value={row.original.total} />,
    },
    {
      id: 'total_converted',
      header: `Total in ${currency}`,
      enableSorting: true,
      meta: { align: 'right' },
      cell: ({ row }) => <Figure value={row.original.total_converted} />,
    },
  ];
}

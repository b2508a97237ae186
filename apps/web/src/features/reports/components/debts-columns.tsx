import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsBucket,
  type DebtsReportRow,
} from '@app/shared/reports/debts-report.schemas';
import { Anchor, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';

const TABULAR = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What a person clicked: a row's bucket, to list the documents behind it. */
export interface DebtsCellChoice {
  row: DebtsReportRow;
  bucket: DebtsBucket;
}

/** The accessible name of a cell's button: `Open 31-60 days: Acme Ltd GBP`. */
export const bucketCellLabel = (row: DebtsReportRow, bucket: DebtsBucket) =>
  `Open ${DEBTS_BUCKET_LABELS[bucket]}: ${row.counterparty.name} ${row.currency}`;

function Amount({ value }: { value: string | null }) {
  return (
    <Text size="sm" style={TABULAR} c={isNegative(value) ? 'red.7' : undefined}>
      {formatMoney(value)}
    </Text>
  );
}

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
      <Text size="sm" c="dimmed" style={TABULAR}>
        –
      </Text>
    );
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      style={TABULAR}
      c={isNegative(value) ? 'red.7' : undefined}
      aria-label={bucketCellLabel(row, bucket)}
      onClick={() => onOpen({ row, bucket })}
    >
      {formatMoney(value)}
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
      cell: ({ row }) => <Amount value={row.original.total} />,
    },
    {
      id: 'total_converted',
      header: `Total in ${currency}`,
      enableSorting: true,
      meta: { align: 'right' },
      cell: ({ row }) => <Amount value={row.original.total_converted} />,
    },
  ];
}

import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsCurrencyTotal,
} from '@app/shared/reports/debts-report.schemas';
import { Table } from '@mantine/core';
import { Figure, NUMERIC } from './report-format.tsx';

const num = { ta: 'right' as const, style: NUMERIC };

/**
 * What the converted totals are made of: every document currency's own amounts by age, and the
 * rate it was converted at (none: that currency could not be converted).
 */
export function DebtsByCurrency({
  totals,
  currency,
}: {
  totals: readonly DebtsCurrencyTotal[];
  currency: string;
}) {
  if (totals.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} aria-label="Totals by document currency" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            {DEBTS_BUCKETS.map((b) => (
              <Table.Th key={b} ta="right">
                {DEBTS_BUCKET_LABELS[b]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Rate to {currency}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((t) => (
            <Table.Tr key={t.currency}>
              <Table.Td fw={600}>{t.currency}</Table.Td>
              {DEBTS_BUCKETS.map((b) => (
                <Table.Td key={b} {...num}>
                  {/* nothing in a bucket reads as in the table below */}
                  <Figure value={t.buckets[b] === '0.00' ? null : t.buckets[b]} />
                </Table.Td>
              ))}
              <Table.Td {...num}>
                <Figure value={t.total} />
              </Table.Td>
              <Table.Td {...num}>{t.rate ?? 'No rate'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

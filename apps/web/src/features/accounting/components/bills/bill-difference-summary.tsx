import { type BillDifference, billDifference } from '@app/shared/accounting/bills.schemas';
import { toDecimal } from '@app/shared/rates/rate-math';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';

/**
 * How the bill stands against its lines' cost, by the shared rule the server applies (exact
 * decimals, 1% of the lines' cost): null until both an amount and a cost are known.
 */
export function liveDifference(amount: string, linesCost: string): BillDifference | null {
  const a = toDecimal(amount);
  const c = toDecimal(linesCost);
  if (a === null || c === null || a.isZero()) return null;
  return billDifference(a.toFixed(2), c.toFixed(2));
}

/** `+36.00 EUR (1.80%)`: a difference with its sign, and its share when the lines cost something. */
export function signedDifference(d: BillDifference, currency: string): string {
  const sign = d.difference.startsWith('-') || /^0\.00$/.test(d.difference) ? '' : '+';
  return `${sign}${formatMoney(d.difference, currency)}${d.pct === null ? '' : ` (${sign}${d.pct}%)`}`;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Lines' cost, the bill's amount and their difference, updated as either changes. */
export function BillDifferenceSummary({
  linesCost,
  amount,
  currency,
}: {
  linesCost: string;
  amount: string;
  currency: string | null;
}) {
  const d = liveDifference(amount, linesCost);
  const ccy = currency ?? '';
  const tone = d === null ? undefined : d.needsExplanation ? 'orange.8' : 'teal.8';
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" aria-live="polite" data-testid="bill-difference">
      <Group gap="xl" wrap="wrap">
        <Figure label="Lines' cost">{formatMoney(linesCost, ccy)}</Figure>
        <Figure label="Bill">{amount ? formatMoney(amount, ccy) : '—'}</Figure>
        <Figure label="Difference">
          <Text span inherit c={tone}>
            {d ? signedDifference(d, ccy) : '—'}
          </Text>
        </Figure>
        {d ? (
          <Text size="sm" c={tone} style={{ flex: '1 1 12rem' }}>
            {d.needsExplanation
              ? 'More than 1% of the lines’ cost: explain it below before saving.'
              : /^-?0\.00$/.test(d.difference)
                ? 'The bill matches the lines’ cost.'
                : 'Within 1% of the lines’ cost.'}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

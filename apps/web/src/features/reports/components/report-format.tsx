import { monthTitle } from '@app/shared/accounting/period-locks.schemas';
import { Text } from '@mantine/core';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';

/** Figures line up in columns and never wrap. */
export const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Chart ticks: `12k`, `1.5M` (drawing only; every figure a person reads keeps its exact text). */
export const compactNumber = (value: number) => COMPACT.format(value);
const COMPACT = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** `2026-03` → `Mar 2026`. */
export const shortMonth = (month: string) => monthTitle(month).replace(/^(\w{3})\w*/, '$1');

/** `"20.00"` → `20.00%` (never grouped like money); none → a dash. */
export const formatPercent = (percent: string | null | undefined) =>
  percent === null || percent === undefined ? '—' : `${percent}%`;

/** An instant in UTC, as the exports write it: `01/05/2026 14:05`. */
export function formatUtcDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A figure of a report: money (grouped, 2 places) or a percent, red when below zero, a dimmed dash
 * when there is none.
 */
export function Figure({
  value,
  currency,
  percent = false,
}: {
  value: string | null | undefined;
  currency?: string | undefined;
  percent?: boolean;
}) {
  if (value === null || value === undefined)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  const negative = isNegative(value);
  return (
    <Text
      span
      size="sm"
      c={negative ? 'red.7' : undefined}
      data-negative={negative || undefined}
      style={NUMERIC}
    >
      {percent ? formatPercent(value) : formatMoney(value, currency)}
    </Text>
  );
}

/** A company by its code, with its name beside it (a `title` alone is out of reach by keyboard and touch). */
export function CompanyName({ company }: { company: { code: string; name: string } }) {
  return (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      <Text span size="sm" fw={600}>
        {company.code}
      </Text>
      <Text span size="xs" c="dimmed">
        {' · '}
        {company.name}
      </Text>
    </Text>
  );
}

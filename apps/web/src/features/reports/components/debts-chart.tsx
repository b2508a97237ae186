import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsBucket,
  type DebtsTopRow,
} from '@app/shared/reports/debts-report.schemas';
import { Stack, Text } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../lib/format/format-money.ts';

/** Greener while recent, redder as it ages. */
export const BUCKET_COLORS: Record<DebtsBucket, string> = {
  '0-30': 'var(--mantine-color-teal-5)',
  '31-60': 'var(--mantine-color-yellow-5)',
  '61-90': 'var(--mantine-color-orange-6)',
  '90+': 'var(--mantine-color-red-7)',
};

export type DebtsBar = { id: number; name: string; total: string } & Record<DebtsBucket, number>;

/** The chart plots numbers, so the decimal text becomes a number here and only here. */
export function debtsBars(top: readonly DebtsTopRow[]): DebtsBar[] {
  return top.map((t) => ({
    id: t.counterparty.id,
    name: t.counterparty.name,
    total: t.total,
    ...(Object.fromEntries(DEBTS_BUCKETS.map((b) => [b, Number(t.buckets[b])])) as Record<
      DebtsBucket,
      number
    >),
  }));
}

/** One line per bar: a long name is cut (the tooltip has it whole). */
const shortName = (name: string) => (name.length > 26 ? `${name.slice(0, 25)}…` : name);

/** A name on one line (recharts would wrap it over the next bar's). */
function NameTick({
  x,
  y,
  payload,
}: {
  x: number | string;
  y: number | string;
  payload: { value?: unknown };
}) {
  return (
    <text x={x} y={y} dx={-4} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-gray-7)">
      {shortName(String(payload.value ?? ''))}
    </text>
  );
}

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** The largest debts in the chosen currency, one bar per counterparty stacked by age. */
export function DebtsChart({
  top,
  currency,
  noun,
}: {
  top: readonly DebtsTopRow[];
  currency: string;
  noun: string;
}) {
  const data = debtsBars(top);
  const title = `Top ${data.length} ${noun} by amount open (${currency})`;
  return (
    <Stack gap={4} h="100%">
      <Text size="sm" fw={600} component="figcaption">
        {title}
      </Text>
      <div style={{ flex: 1, minHeight: 0 }} data-testid="debts-chart">
        <ResponsiveContainer>
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
            accessibilityLayer
            title={title}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="var(--mantine-color-gray-3)" />
            <XAxis type="number" tickFormatter={(v: number) => compact.format(v)} />
            <YAxis type="category" dataKey="name" width={190} interval={0} tick={NameTick} />
            <Tooltip
              cursor={{ fill: 'var(--mantine-color-gray-1)' }}
              formatter={(value, name, item) => {
                // the exact text of the figure, not the number drawn
                const bar = item.payload as DebtsBar;
                const bucket = DEBTS_BUCKETS.find((b) => DEBTS_BUCKET_LABELS[b] === name);
                const row = top.find((t) => t.counterparty.id === bar.id);
                return [formatMoney(bucket && row ? row.buckets[bucket] : String(value), currency), name];
              }}
            />
            <Legend verticalAlign="top" height={24} iconSize={10} />
            {DEBTS_BUCKETS.map((b) => (
              <Bar
                key={b}
                dataKey={b}
                name={DEBTS_BUCKET_LABELS[b]}
                stackId="age"
                fill={BUCKET_COLORS[b]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Stack>
  );
}

import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsBucket,
  type DebtsTopRow,
} from '@app/shared/reports/debts-report.schemas';
import { useMediaQuery } from '@mantine/hooks';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { PHONE_QUERY } from '../../../ui/list/list-page-layout.tsx';
import { ReportChart } from './report-chart.tsx';
import { compactNumber } from './report-format.tsx';

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

/** One line per bar: a long name is cut to `max` characters (the tooltip has it whole). */
export const shortName = (name: string, max: number) =>
  name.length > max ? `${name.slice(0, max - 1)}…` : name;

/** A name on one line (recharts would wrap it over the next bar's). */
function NameTick({
  x,
  y,
  payload,
  max,
}: {
  x: number | string;
  y: number | string;
  payload: { value?: unknown };
  max: number;
}) {
  return (
    <text x={x} y={y} dx={-4} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-gray-7)">
      {shortName(String(payload.value ?? ''), max)}
    </text>
  );
}

/** The chart in words: each counterparty's total and its past-due part. */
function summaryOf(top: readonly DebtsTopRow[], currency: string): string {
  return top
    .map((t) => {
      const parts = DEBTS_BUCKETS.filter((b) => t.buckets[b] !== '0.00').map(
        (b) => `${DEBTS_BUCKET_LABELS[b]} ${formatMoney(t.buckets[b])}`,
      );
      return `${t.counterparty.name}: ${formatMoney(t.total, currency)} (${parts.join(', ')})`;
    })
    .join('; ');
}

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
  // a phone keeps the names short, so the bars have room
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const names = phone ? { width: 110, max: 14 } : { width: 190, max: 26 };
  return (
    <ReportChart caption={title} summary={summaryOf(top, currency)} testId="debts-chart">
      <ResponsiveContainer>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
          accessibilityLayer
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="var(--mantine-color-gray-3)" />
          <XAxis type="number" tickFormatter={compactNumber} />
          <YAxis
            type="category"
            dataKey="name"
            width={names.width}
            interval={0}
            tick={(props: { x: number | string; y: number | string; payload: { value?: unknown } }) => (
              <NameTick x={props.x} y={props.y} payload={props.payload} max={names.max} />
            )}
          />
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
          {/* under the bars, as high as its lines need (two on a phone) */}
          <Legend verticalAlign="bottom" iconSize={10} wrapperStyle={{ fontSize: 12 }} />
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
    </ReportChart>
  );
}

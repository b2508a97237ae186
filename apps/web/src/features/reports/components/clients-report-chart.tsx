import type { ClientsReportTop } from '@app/shared/reports/clients-report.schemas';
import { Stack, Text } from '@mantine/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/format/format-money.ts';

export interface TopBar {
  id: number;
  name: string;
  /** For drawing only; labels keep the exact text. */
  margin: number;
  marginText: string;
  salesText: string;
}

/** The chart plots numbers, so the decimal text becomes a number here and only here. */
export function topBars(top: readonly ClientsReportTop[], currency: string): TopBar[] {
  return top.map((t) => ({
    id: t.client.id,
    name: t.client.name,
    margin: Number(t.margin),
    marginText: formatMoney(t.margin, currency),
    salesText: formatMoney(t.sales, currency),
  }));
}

/**
 * The margin axis: from the lowest margin (or zero) to the highest (or zero), ticks at round steps
 * through zero, so a small loss shows as a short red bar without widening the axis to a round bound.
 */
export function marginAxis(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  if (lo === hi) return { domain: [0, 1], ticks: [0] };
  const raw = (hi - lo) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((n) => n * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    ticks.push(Math.round(v / step) * step || 0); // never -0
  return { domain: [lo, hi], ticks };
}

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const POSITIVE = 'var(--mantine-color-teal-6)';
const NEGATIVE = 'var(--mantine-color-red-6)';

/** The top clients by margin, highest first, as horizontal bars; a loss is a red bar left of zero. */
export function ClientsReportChart({
  top,
  currency,
}: {
  top: readonly ClientsReportTop[];
  currency: string;
}) {
  const data = topBars(top, currency);
  const axis = marginAxis(data.map((d) => d.margin));
  return (
    <Stack gap={4} h="100%">
      <Text size="sm" fw={600} component="figcaption">
        Top {data.length} clients by margin ({currency})
      </Text>
      <div style={{ flex: 1, minHeight: 0 }} data-testid="clients-report-chart">
        <ResponsiveContainer>
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
            accessibilityLayer
            title={`Top ${data.length} clients by margin (${currency})`}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="var(--mantine-color-gray-3)" />
            <XAxis
              type="number"
              domain={axis.domain}
              ticks={axis.ticks}
              tickFormatter={(v: number) => compact.format(v)}
            />
            <YAxis type="category" dataKey="name" width={170} interval={0} tick={{ fontSize: 12 }} />
            <ReferenceLine x={0} stroke="var(--mantine-color-gray-6)" />
            <Tooltip
              cursor={{ fill: 'var(--mantine-color-gray-1)' }}
              formatter={(_value, _name, item) => {
                const p = item.payload as TopBar;
                return [`${p.marginText} (sales ${p.salesText})`, 'Margin'];
              }}
            />
            <Bar dataKey="margin" name="Margin" isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.id} fill={d.margin < 0 ? NEGATIVE : POSITIVE} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Stack>
  );
}

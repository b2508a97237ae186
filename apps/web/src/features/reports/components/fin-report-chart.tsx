import type { FinReportMonth } from '@app/shared/reports/fin-report.schemas';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { axisThroughZero, ReportChart } from './report-chart.tsx';
import { compactNumber, shortMonth } from './report-format.tsx';

interface Point {
  label: string;
  sales: number;
  cost: number;
  margin: number;
  texts: Record<'sales' | 'cost' | 'margin', string>;
}

/** Numbers for drawing only: labels and the tooltip keep the exact decimal text. */
export function chartPoints(months: readonly FinReportMonth[]): Point[] {
  return months.map((m) => ({
    label: shortMonth(m.month),
    sales: Number(m.sales),
    cost: Number(m.cost),
    margin: Number(m.margin),
    texts: { sales: m.sales, cost: m.cost, margin: m.margin },
  }));
}

/** The chart in words: each month's figures. */
const summaryOf = (months: readonly FinReportMonth[], currency: string) =>
  months
    .map(
      (m) =>
        `${shortMonth(m.month)}: sales ${formatMoney(m.sales, currency)}, cost ${formatMoney(m.cost, currency)}, margin ${formatMoney(m.margin, currency)}`,
    )
    .join('; ');

/**
 * Sales and cost per month as bars, the margin as a line over them; the axis runs through zero to
 * the lowest figure, so a small loss does not push it to a round bound far below.
 */
export function FinReportChart({
  months,
  currency,
}: {
  months: readonly FinReportMonth[];
  currency: string;
}) {
  const data = chartPoints(months);
  const axis = axisThroughZero(data.flatMap((p) => [p.sales, p.cost, p.margin]));
  const caption = `Sales, cost and margin per month (${currency})`;
  return (
    <ReportChart caption={caption} summary={summaryOf(months, currency)} testId="fin-report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
          accessibilityLayer
          title={caption}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis width={64} domain={axis.domain} ticks={axis.ticks} tickFormatter={compactNumber} />
          <ReferenceLine y={0} stroke="var(--mantine-color-gray-6)" />
          <Tooltip
            formatter={(_value, name, item) => {
              const p = item.payload as Point;
              const key = item.dataKey as keyof Point['texts'];
              return [formatMoney(p.texts[key], currency), name];
            }}
          />
          <Legend itemSorter={null} />
          <Bar dataKey="sales" name="Sales" fill="var(--mantine-color-blue-6)" radius={[2, 2, 0, 0]} />
          <Bar dataKey="cost" name="Cost" fill="var(--mantine-color-gray-5)" radius={[2, 2, 0, 0]} />
          <Line
            dataKey="margin"
            name="Margin"
            type="monotone"
            stroke="var(--mantine-color-teal-7)"
            strokeWidth={2}
            dot={{ r: 3 }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ReportChart>
  );
}

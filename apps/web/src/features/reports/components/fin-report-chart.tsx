import type { FinReportMonth } from '@app/shared/reports/fin-report.schemas';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { shortMonth } from './fin-report-format.ts';

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

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** Sales and cost per month as bars, the margin as a line over them. */
export function FinReportChart({
  months,
  currency,
}: {
  months: readonly FinReportMonth[];
  currency: string;
}) {
  const data = chartPoints(months);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" vertical={false} />
        <XAxis dataKey="label" tickLine={false} />
        <YAxis width={64} tickFormatter={(v: number) => compact.format(v)} />
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
  );
}

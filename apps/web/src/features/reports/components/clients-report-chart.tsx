import type { ClientsReportTop } from '@app/shared/reports/clients-report.schemas';
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
import { axisThroughZero, ReportChart } from './report-chart.tsx';
import { compactNumber } from './report-format.tsx';

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
  const axis = axisThroughZero(data.map((d) => d.margin));
  const caption = `Top ${data.length} clients by margin (${currency})`;
  const summary = data.map((d) => `${d.name}: margin ${d.marginText} on sales ${d.salesText}`).join('; ');
  return (
    <ReportChart caption={caption} summary={summary} testId="clients-report-chart">
      <ResponsiveContainer>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
          accessibilityLayer
          title={caption}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="var(--mantine-color-gray-3)" />
          <XAxis type="number" domain={axis.domain} ticks={axis.ticks} tickFormatter={compactNumber} />
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
    </ReportChart>
  );
}

import { LOG_REPORT_CONFIRM_BANDS, type LogReportSummary } from '@app/shared/reports/log-report.schemas';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ReportChart } from './report-chart.tsx';

/**
 * How long confirmation took: the confirmed records per band (under a day … over a week), so a
 * slow tail shows at a glance where an average would hide it.
 */
export function LogReportChart({ summary }: { summary: LogReportSummary }) {
  const data = LOG_REPORT_CONFIRM_BANDS.map((b) => ({
    label: b.label,
    records: summary.time_to_confirm_bands.find((x) => x.band === b.band)?.records ?? 0,
  }));
  const confirmed = summary.by_status.CONFIRM;
  const caption = 'Time to confirm';
  return (
    <ReportChart
      caption={caption}
      hint={`${confirmed === 1 ? '1 confirmed record' : `${confirmed} confirmed records`}, from first submission`}
      summary={`Confirmed records by time to confirm: ${data.map((d) => `${d.label}: ${d.records}`).join('; ')}.`}
      testId="log-report-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          margin={{ top: 20, right: 16, bottom: 0, left: 0 }}
          accessibilityLayer
          title="Confirmed records by time to confirm"
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => [value, 'Records']} />
          <Bar
            dataKey="records"
            fill="var(--mantine-color-teal-6)"
            radius={[4, 4, 0, 0]}
            label={{ position: 'top', fontSize: 12 }}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ReportChart>
  );
}

import { LOG_REPORT_CONFIRM_BANDS, type LogReportSummary } from '@app/shared/reports/log-report.schemas';
import { Stack, Text } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
  return (
    <Stack gap={4} h="100%">
      <Text size="sm" fw={600}>
        Time to confirm{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          {confirmed === 1 ? '1 confirmed record' : `${confirmed} confirmed records`}, from first submission
        </Text>
      </Text>
      <div style={{ flex: 1, minHeight: 0 }} role="img" aria-label="Confirmed records by time to confirm">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 20, right: 16, bottom: 0, left: 0 }}>
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
      </div>
    </Stack>
  );
}

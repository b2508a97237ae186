import type { LogReportSummary } from '@app/shared/reports/log-report.schemas';
import { useMemo } from 'react';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportLogReport } from '../api/export-log-report.ts';
import { useLogReport } from '../api/get-log-report.ts';
import { LogReportChart } from '../components/log-report-chart.tsx';
import { LOG_REPORT_COLUMNS } from '../components/log-report-columns.tsx';
import { LogReportFilterBar } from '../components/log-report-filter-bar.tsx';
import {
  formatDuration,
  LOG_REPORT_LIST,
  logReportEmptyText,
  readLogReport,
} from '../components/log-report-filters.ts';
import { ReportLayout, type ReportTotal } from '../components/report-layout.tsx';
import { useReportUrl } from '../components/use-report-url.ts';

const count = (n: number) => n.toLocaleString('en-GB');
const share = (part: number, whole: number) =>
  whole ? `${Math.round((part / whole) * 100)}% of records` : undefined;

/** The strip over the table: what is waiting, what is done, how long it takes, how often it bounces. */
export function logReportTotals(s: LogReportSummary): ReportTotal[] {
  const sent = s.by_status['SENT FOR CORRECTION'];
  return [
    { label: 'Records', value: count(s.records) },
    {
      label: 'Waiting',
      value: count(s.by_status.NEW),
      hint: sent ? `for accounting; ${count(sent)} sent back for correction` : 'for accounting',
    },
    { label: 'Confirmed', value: count(s.by_status.CONFIRM), hint: share(s.by_status.CONFIRM, s.records) },
    {
      label: 'Average time to confirm',
      value: formatDuration(s.average_time_to_confirm),
      hint:
        s.median_time_to_confirm === null ? undefined : `median ${formatDuration(s.median_time_to_confirm)}`,
    },
    {
      label: 'Corrections',
      value: count(s.corrections),
      hint: s.records ? `${(s.corrections / s.records).toFixed(2)} per record` : undefined,
    },
  ];
}

/**
 * /reports/log-report (decision 0012): every LOG record with its request, managers, dates, the
 * times it was sent back and how long confirmation took; filters in the URL (the workspace's
 * "LOG requests waiting" opens `?status=NEW`), the summary of every matching record, the
 * time-to-confirm chart, the table a page at a time, and the whole report as CSV or XLSX.
 */
export function LogReportPage() {
  const list = useListState(LOG_REPORT_LIST);
  const reading = useMemo(() => readLogReport(list.state), [list.state]);
  useReportUrl(list, reading);
  const { query } = reading;
  const report = useLogReport(query);
  const answer = report.data;
  const summary = answer?.summary;
  const empty = answer && answer.summary.records === 0 ? logReportEmptyText(answer.params) : null;

  return (
    <ReportLayout
      title="LOG-report"
      description="Requests handed over to accounting: when BO first submitted them, how often an accountant sent them back, and how long confirmation took. Times and days are UTC, as in the export."
      filters={<LogReportFilterBar list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
      onExport={(format) => exportLogReport(query, format)}
      fetching={report.isFetching}
      stale={report.isPlaceholderData}
      failed={report.isError && !answer}
      error={report.error}
      onRetry={() => void report.refetch()}
      totals={summary ? logReportTotals(summary) : undefined}
      chart={summary && summary.by_status.CONFIRM > 0 ? <LogReportChart summary={summary} /> : undefined}
      empty={empty}
    >
      <DataTable
        label="LOG records"
        columns={LOG_REPORT_COLUMNS}
        getRowId={(row) => String(row.id)}
        emptyText="No LOG records on this page."
        loadingText="Running the report…"
        minWidth={1240}
        {...listTableProps(list, report)}
        // the whole report dims while it reruns
        refreshing={false}
      />
    </ReportLayout>
  );
}

export default LogReportPage;

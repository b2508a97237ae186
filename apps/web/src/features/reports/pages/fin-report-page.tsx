import { canAccess } from '@app/shared/auth/access';
import { type FinReport, monthRangeTitle } from '@app/shared/reports/fin-report.schemas';
import { VAT_RATES_WRITE_ACCESS } from '@app/shared/reports/reports.access';
import { REPORT_BASIS_LABELS } from '@app/shared/reports/reports.common';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportFinReport } from '../api/export-fin-report.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { useFinReport } from '../api/get-fin-report.ts';
import { FinReportChart } from '../components/fin-report-chart.tsx';
import { FinReportExceptionsPanel } from '../components/fin-report-exceptions-panel.tsx';
import { FinReportFilterBar } from '../components/fin-report-filter-bar.tsx';
import { FIN_REPORT_LIST, readFinReport } from '../components/fin-report-filters.ts';
import { FinReportTable } from '../components/fin-report-table.tsx';
import { FinReportTomsPanel } from '../components/fin-report-toms-panel.tsx';
import { formatPercent } from '../components/report-format.tsx';
import { ReportLayout, type ReportTotal } from '../components/report-layout.tsx';
import { useReportUrl } from '../components/use-report-url.ts';

function totalsOf(report: FinReport): ReportTotal[] {
  const { totals: t, currency: ccy } = report;
  return [
    { label: 'Sales', value: formatMoney(t.sales, ccy), hint: `${t.lines} lines` },
    {
      label: 'Cost',
      value: formatMoney(t.cost, ccy),
      hint: t.estimated_lines ? `${t.estimated_lines} lines at estimate` : 'All from supplier invoices',
    },
    {
      label: 'Margin',
      value: formatMoney(t.margin, ccy),
      tone: isNegative(t.margin) ? 'negative' : undefined,
    },
    {
      label: 'Margin %',
      value: formatPercent(t.margin_percent),
      tone: isNegative(t.margin_percent) ? 'negative' : undefined,
    },
    { label: 'VAT due', value: formatMoney(t.vat_due, ccy), hint: 'TOMS, on the margin' },
  ];
}

/** What the figures are: the period, its basis and currency as run, then how they are valued. */
function descriptionOf(report: FinReport): string {
  const period = monthRangeTitle(report.month_from, report.month_to);
  const basis = REPORT_BASIS_LABELS[report.basis].toLowerCase();
  return `${period}, by ${basis}, in ${report.currency}. Sales, cost and margin at the exchange rates stamped on the invoices and supplier invoices, so a period gives the same figures whenever it is run. Cost is the supplier invoice's, or the request's estimate until one is recorded.`;
}

/** Why there is nothing: the period, its basis and whether a company or account type narrows it. */
function emptyText(q: FinReportParams): string {
  const what = q.basis === 'service' ? 'with departure dates' : 'with invoice dates';
  const narrowed = q.company !== undefined || q.account_type !== undefined;
  return `No invoiced sales ${what} in ${monthRangeTitle(q.month_from, q.month_to)}${
    narrowed ? ' for these filters' : ''
  }.`;
}

/**
 * Fin-Report (decision 0012): sales, cost and margin per company, month and account type in the
 * chosen currency, at the rates stamped on the documents; TOMS VAT; the lines that need a look.
 * Labels come from the answer (its period, basis and currency), never from filters chosen since.
 */
export function FinReportPage({ now }: { now?: Date }) {
  const [today] = useState(() => now ?? new Date());
  const user = useSignedInUser();
  const list = useListState(FIN_REPORT_LIST);
  const reading = useMemo(() => readFinReport(list.state, today), [list.state, today]);
  const notice = useReportUrl(list, reading);
  const { query } = reading;
  const result = useFinReport(query);
  const report = result.data;

  return (
    <ReportLayout
      title="Fin-Report"
      description={report ? descriptionOf(report) : undefined}
      notice={notice}
      filters={<FinReportFilterBar list={list} query={query} />}
      filtered={list.filtered}
      onReset={list.reset}
      onExport={(format) => exportFinReport(query, format)}
      fetching={result.isFetching}
      stale={result.isPlaceholderData}
      failed={result.isError && !report}
      error={result.error}
      onRetry={() => void result.refetch()}
      totals={report ? totalsOf(report) : undefined}
      chart={report ? <FinReportChart months={report.months} currency={report.currency} /> : undefined}
      empty={report && report.rows.length === 0 ? emptyText(report.params) : null}
    >
      {report ? (
        <Stack gap="xl">
          <FinReportTable report={report} />
          <FinReportTomsPanel report={report} canEditRates={canAccess(user, VAT_RATES_WRITE_ACCESS)} />
          <FinReportExceptionsPanel
            exceptions={report.exceptions}
            params={report.params}
            currency={report.currency}
          />
        </Stack>
      ) : null}
    </ReportLayout>
  );
}

export default FinReportPage;

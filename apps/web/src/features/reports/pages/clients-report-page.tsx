import { canAccess } from '@app/shared/auth/access';
import {
  CLIENTS_REPORT_BALANCES_ACCESS,
  type ClientsReportSummary,
} from '@app/shared/reports/clients-report.schemas';
import { monthRangeTitle } from '@app/shared/reports/fin-report.schemas';
import { REPORT_BASIS_LABELS } from '@app/shared/reports/reports.common';
import { useMemo, useState } from 'react';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportClientsReport } from '../api/export-clients-report.ts';
import { useClientsReport } from '../api/get-clients-report.ts';
import { ClientsReportChart } from '../components/clients-report-chart.tsx';
import { clientsReportColumns } from '../components/clients-report-columns.tsx';
import { ClientsReportFilterBar } from '../components/clients-report-filter-bar.tsx';
import { CLIENTS_REPORT_LIST, emptyReason, readClientsReport } from '../components/clients-report-filters.ts';
import { formatPercent } from '../components/report-format.tsx';
import { ReportLayout, type ReportTotal } from '../components/report-layout.tsx';
import { useReportUrl } from '../components/use-report-url.ts';

const NARROWING = ['office', 'manager', 'membership', 'rating', 'search'] as const;

function totalsOf(summary: ClientsReportSummary): ReportTotal[] {
  const { totals: t, currency } = summary;
  return [
    { label: 'Clients', value: String(t.clients) },
    { label: 'Requests', value: String(t.requests) },
    { label: 'Sales', value: formatMoney(t.sales, currency) },
    { label: 'Cost', value: formatMoney(t.cost, currency) },
    {
      label: 'Margin',
      value: formatMoney(t.margin, currency),
      tone: isNegative(t.margin) ? 'negative' : undefined,
    },
    {
      label: 'Margin %',
      value: formatPercent(t.margin_pct),
      tone: isNegative(t.margin_pct) ? 'negative' : undefined,
    },
  ];
}

/** What the figures are: the period, basis and currency the answer was run for. */
function descriptionOf(summary: ClientsReportSummary, balances: boolean): string {
  const period = monthRangeTitle(summary.period.month_from, summary.period.month_to);
  const basis = REPORT_BASIS_LABELS[summary.basis].toLowerCase();
  return `${period}, by ${basis}: invoice and credit-note lines at the rates stamped on them, in ${summary.currency}; requests are those with such a line.${balances ? ' Open balance and credit are as of today, in their own currencies.' : ''}`;
}

/**
 * `/reports/clients` (decision 0012): per client, for whole months, requests, sales, cost, margin
 * and margin % in a chosen currency (at the rates stamped on the documents), what the client owes
 * and holds now (Admin and Accountant only), and its plan; totals over every matching client and
 * the top 10 by margin. Labels come from the answer (its period, basis and currency), never from
 * filters chosen since.
 */
export function ClientsReportPage({ now }: { now?: Date }) {
  const [today] = useState(() => now ?? new Date());
  const list = useListState(CLIENTS_REPORT_LIST);
  const reading = useMemo(() => readClientsReport(list.state, today), [list.state, today]);
  const notice = useReportUrl(list, reading);
  const { query } = reading;
  const report = useClientsReport(query);
  const answer = report.data;
  const currency = answer?.summary.currency ?? query.currency ?? 'GBP';
  const user = useCurrentUser();
  const balances = user !== undefined && canAccess(user, CLIENTS_REPORT_BALANCES_ACCESS);
  const columns = useMemo(() => clientsReportColumns(currency, balances), [currency, balances]);
  const narrowed = answer ? NARROWING.some((k) => answer.params[k] !== undefined) : false;

  return (
    <ReportLayout
      title="Clients report"
      description={answer ? descriptionOf(answer.summary, balances) : undefined}
      notice={notice}
      filters={<ClientsReportFilterBar list={list} query={query} />}
      filtered={list.filtered}
      onReset={list.reset}
      onExport={(format) => exportClientsReport(query, format)}
      fetching={report.isFetching}
      stale={report.isPlaceholderData}
      failed={report.isError && !answer}
      error={report.error}
      onRetry={() => void report.refetch()}
      totals={answer ? totalsOf(answer.summary) : undefined}
      chart={
        answer?.summary.top.length ? (
          <ClientsReportChart top={answer.summary.top} currency={answer.summary.currency} />
        ) : null
      }
      empty={answer && answer.meta.total === 0 ? emptyReason(answer.params, narrowed) : null}
    >
      <DataTable
        label="Clients report"
        columns={columns}
        getRowId={(row) => String(row.client.id)}
        emptyText="No clients on this page."
        minWidth={1200}
        {...listTableProps(list, report)}
        // the whole report dims while it reruns
        refreshing={false}
      />
    </ReportLayout>
  );
}

export default ClientsReportPage;

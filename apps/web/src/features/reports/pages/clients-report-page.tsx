import { canAccess } from '@app/shared/auth/access';
import { CLIENTS_REPORT_BALANCES_ACCESS } from '@app/shared/reports/clients-report.schemas';
import { REPORT_BASIS_LABELS } from '@app/shared/reports/reports.common';
import { useMemo } from 'react';
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
import {
  CLIENTS_REPORT_LIST,
  clientsReportQuery,
  emptyReason,
  periodTitle,
} from '../components/clients-report-filters.ts';
import { ReportLayout, type ReportTotal } from '../components/report-layout.tsx';

const NARROWING = ['office', 'manager', 'membership', 'rating'] as const;

/**
 * `/reports/clients` (decision 0012): per client, for whole months, requests, sales, cost, margin
 * and margin % in a chosen currency (at the rates stamped on the documents), what the client owes
 * and holds now (Admin and Accountant only), and its plan; totals over every matching client and
 * the top 10 by margin.
 */
export function ClientsReportPage({ now = new Date() }: { now?: Date }) {
  const list = useListState(CLIENTS_REPORT_LIST);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` only sets the default period
  const query = useMemo(() => clientsReportQuery(list.state, now), [list.state]);
  const report = useClientsReport(query);
  const answer = report.data;
  const currency = query.currency ?? 'GBP';
  const user = useCurrentUser();
  const balances = user !== undefined && canAccess(user, CLIENTS_REPORT_BALANCES_ACCESS);
  const columns = useMemo(() => clientsReportColumns(currency, balances), [currency, balances]);
  const narrowed =
    list.state.search.trim() !== '' || NARROWING.some((k) => (list.state.filters[k] ?? '') !== '');

  const totals: ReportTotal[] | undefined = answer
    ? [
        { label: 'Clients', value: String(answer.summary.totals.clients) },
        { label: 'Requests', value: String(answer.summary.totals.requests) },
        { label: 'Sales', value: formatMoney(answer.summary.totals.sales, currency) },
        { label: 'Cost', value: formatMoney(answer.summary.totals.cost, currency) },
        {
          label: 'Margin',
          value: formatMoney(answer.summary.totals.margin, currency),
          tone: isNegative(answer.summary.totals.margin) ? 'negative' : undefined,
        },
        {
          label: 'Margin %',
          value: answer.summary.totals.margin_pct === null ? '—' : `${answer.summary.totals.margin_pct}%`,
          tone: isNegative(answer.summary.totals.margin_pct) ? 'negative' : undefined,
        },
      ]
    : undefined;

  return (
    <ReportLayout
      title="Clients report"
      description={`${periodTitle(query.month_from, query.month_to)}, by ${REPORT_BASIS_LABELS[
        query.basis ?? 'service'
      ].toLowerCase()}: invoice and credit-note lines at the rates stamped on them, in ${currency}; requests are those with such a line.${balances ? ' Open balance and credit are as of today, in their own currencies.' : ''}`}
      filters={<ClientsReportFilterBar list={list} query={query} />}
      filtered={list.filtered}
      onReset={list.reset}
      onExport={(format) => exportClientsReport(query, format)}
      fetching={report.isFetching}
      failed={report.isError && !answer}
      totals={totals}
      chart={
        answer?.summary.top.length ? (
          <ClientsReportChart top={answer.summary.top} currency={currency} />
        ) : null
      }
      empty={answer && answer.meta.total === 0 ? emptyReason(query, narrowed) : null}
    >
      <DataTable
        label="Clients report"
        columns={columns}
        getRowId={(row) => String(row.client.id)}
        emptyText="No clients on this page."
        minWidth={1200}
        {...listTableProps(list, report)}
      />
    </ReportLayout>
  );
}

export default ClientsReportPage;

import {
  DEBTS_BUCKET_LABELS,
  DEBTS_BUCKETS,
  type DebtsReport,
  type DebtsReportRow,
} from '@app/shared/reports/debts-report.schemas';
import { useMemo, useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format/format-date.ts';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { todayIso } from '../../../ui/dates/date-format.ts';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportDebtsReport } from '../api/export-debts-report.ts';
import { useDebtsReport } from '../api/get-debts-report.ts';
import { DebtsByCurrency } from '../components/debts-by-currency.tsx';
import { DebtsCellDrawer } from '../components/debts-cell-drawer.tsx';
import { DebtsChart } from '../components/debts-chart.tsx';
import { type DebtsCellChoice, debtsColumns } from '../components/debts-columns.tsx';
import { DebtsFilterBar } from '../components/debts-filter-bar.tsx';
import {
  DEBTS_COUNTERPARTY_LABEL,
  DEBTS_REPORT_LIST,
  debtsEmptyReason,
  readDebtsReport,
} from '../components/debts-filters.ts';
import { ReportLayout, type ReportTotal } from '../components/report-layout.tsx';
import { useReportUrl } from '../components/use-report-url.ts';

/** Past due is a debt to chase: every bucket after the first is shown red when something is in it. */
const PAST_DUE = new Set(['31-60', '61-90', '90+']);

function totalsOf(answer: DebtsReport): ReportTotal[] {
  const converted = answer.totals.converted;
  const missing = answer.missing_rates.join(', ');
  const hint = converted ? undefined : `Not converted: no ${missing} to ${answer.currency} rate`;
  const figure = (label: string, value: string | undefined, pastDue: boolean): ReportTotal => ({
    label,
    value: value === undefined ? '—' : formatMoney(value, answer.currency),
    hint,
    tone: pastDue && value !== undefined && value !== '0.00' ? 'negative' : undefined,
  });
  return [
    ...DEBTS_BUCKETS.map((b) => figure(DEBTS_BUCKET_LABELS[b], converted?.buckets[b], PAST_DUE.has(b))),
    figure('Total', converted?.total, false),
  ];
}

/** What the figures are and at which rates they were converted. */
function descriptionOf(answer: DebtsReport): string {
  const day = formatDate(answer.as_of);
  const what =
    answer.side === 'clients'
      ? 'Client invoices open (credit notes not yet applied count against them)'
      : 'Bills open, and payment vouchers of lines not yet billed';
  const rates = answer.rate_set
    ? `Totals in ${answer.currency} at the rates of ${formatDateTime(answer.rate_set.created_at)}, the set in force that day.`
    : `No rate set was in force on ${day}: amounts in currencies other than ${answer.currency} are not converted.`;
  return `${what} on ${day}, by days past due (0-30 includes not yet due). ${rates}`;
}

/**
 * `/reports/debts` (decision 0012): what clients owe, or what is owed to suppliers, per
 * counterparty and currency, aged by days past due on a chosen day; totals and the chart in a
 * chosen currency at the rates in force that day; each amount opens the documents behind it.
 * Everything shown is labelled from the answer (its side, day and currency), so while another run
 * is on its way the figures on screen keep their own labels.
 */
export function DebtsReportPage() {
  const [today] = useState(todayIso);
  const list = useListState(DEBTS_REPORT_LIST);
  const reading = useMemo(() => readDebtsReport(list.state, today), [list.state, today]);
  const notice = useReportUrl(list, reading);
  const { query } = reading;
  const report = useDebtsReport(query);
  const answer = report.data;
  const [choice, setChoice] = useState<DebtsCellChoice | null>(null);
  const side = answer?.side ?? query.side;
  const currency = answer?.currency ?? query.currency;
  const columns = useMemo(
    () => debtsColumns(currency, DEBTS_COUNTERPARTY_LABEL[side], setChoice),
    [currency, side],
  );
  // the table kit reads a list answer: the page of rows and its count
  const rows = {
    ...report,
    data: answer ? { data: answer.rows, meta: answer.meta } : undefined,
  };
  const narrowed = answer
    ? answer.params.company !== undefined || answer.params.counterparty !== undefined
    : false;

  return (
    <ReportLayout
      title="Debts"
      description={answer ? descriptionOf(answer) : undefined}
      notice={notice}
      filters={<DebtsFilterBar list={list} query={query} asOf={answer?.as_of} today={today} />}
      filtered={list.filtered}
      onReset={list.reset}
      onExport={(format) => exportDebtsReport(query, format)}
      fetching={report.isFetching}
      stale={report.isPlaceholderData}
      failed={report.isError && !answer}
      error={report.error}
      onRetry={() => void report.refetch()}
      totals={answer ? totalsOf(answer) : undefined}
      details={
        answer ? <DebtsByCurrency totals={answer.totals.by_currency} currency={answer.currency} /> : null
      }
      chart={
        answer?.top.length ? (
          <DebtsChart top={answer.top} currency={answer.currency} noun={answer.side} />
        ) : null
      }
      empty={answer && answer.meta.total === 0 ? debtsEmptyReason(answer.side, answer.as_of, narrowed) : null}
    >
      <DataTable<DebtsReportRow>
        label="Debts"
        columns={columns}
        getRowId={(row) => `${row.counterparty.id}-${row.currency}`}
        emptyText="No rows on this page."
        minWidth={960}
        {...listTableProps(list, rows)}
        // the whole report dims while it reruns
        refreshing={false}
      />
      {answer ? (
        <DebtsCellDrawer
          choice={choice}
          scope={{ side: answer.side, as_of: answer.as_of, company: answer.params.company }}
          onClose={() => setChoice(null)}
        />
      ) : null}
    </ReportLayout>
  );
}

export default DebtsReportPage;

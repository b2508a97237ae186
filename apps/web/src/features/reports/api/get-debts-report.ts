import type { DebtsReport } from '@app/shared/reports/debts-report.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type DebtsReportParams, debtsReportKeys } from './debts-report-keys.ts';
import { runFor } from './report-run.ts';

/** GET reports/debts/: a page of rows, the totals of all of them and the largest debts. */
export async function getDebtsReport(params: DebtsReportParams, signal?: AbortSignal): Promise<DebtsReport> {
  return (await http.get<{ data: DebtsReport }>('reports/debts/', { query: { ...params }, signal })).data;
}

export function useDebtsReport(params: DebtsReportParams) {
  return useQuery({
    queryKey: debtsReportKeys.report(params),
    queryFn: ({ signal }) => runFor(params, getDebtsReport(params, signal)),
    // the old figures stay, dimmed and labelled as run, while the new ones are computed
    placeholderData: keepPreviousData,
  });
}

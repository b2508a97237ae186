import type { FinReport } from '@app/shared/reports/fin-report.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type FinReportParams, finReportKeys } from './fin-report-keys.ts';
import { runFor } from './report-run.ts';

/** GET reports/fin-report/: the figures, TOMS VAT and the first page of each exception list. */
export async function getFinReport(params: FinReportParams, signal?: AbortSignal): Promise<FinReport> {
  return (await http.get<{ data: FinReport }>('reports/fin-report/', { query: { ...params }, signal })).data;
}

export function useFinReport(params: FinReportParams) {
  return useQuery({
    queryKey: finReportKeys.report(params),
    queryFn: ({ signal }) => runFor(params, getFinReport(params, signal)),
    // the old figures stay, dimmed and labelled as run, while the new ones are computed
    placeholderData: keepPreviousData,
  });
}

import type { LogReport } from '@app/shared/reports/log-report.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type LogReportParams, logReportKeys } from './log-report-keys.ts';
import { runFor } from './report-run.ts';

/** GET reports/log-report/: one page of LOG records and the summary of every matching one. */
export function getLogReport(params: LogReportParams, signal?: AbortSignal): Promise<LogReport> {
  return http.get<LogReport>('reports/log-report/', { query: { ...params }, signal });
}

/** The previous figures stay on screen, dimmed and labelled as run, while the next ones run. */
export function useLogReport(params: LogReportParams) {
  return useQuery({
    queryKey: logReportKeys.report(params),
    queryFn: ({ signal }) => runFor(params, getLogReport(params, signal)),
    placeholderData: keepPreviousData,
  });
}

import type { LogReportQuery } from '@app/shared/reports/log-report.schemas';

/** What the LOG-report page asks `GET reports/log-report/` for (no `format`: that is the download). */
export type LogReportParams = Partial<Omit<LogReportQuery, 'status' | 'format'>> & {
  /** `NEW,SENT FOR CORRECTION`: the server reads the list from one parameter. */
  status?: string;
};

/** Query keys of LOG-report; everything lives under `['reports', 'log-report']`. */
export const logReportKeys = {
  all: ['reports', 'log-report'] as const,
  report: (params: LogReportParams) => ['reports', 'log-report', params] as const,
};

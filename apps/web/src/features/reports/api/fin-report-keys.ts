import type { FinReportExceptionsQuery, FinReportFilter } from '@app/shared/reports/fin-report.schemas';

export type FinReportParams = FinReportFilter;
export type FinReportExceptionsParams = FinReportExceptionsQuery;
/** One exception list of one report: its filters and kind, whatever the page. */
export type FinReportExceptionsList = Omit<FinReportExceptionsQuery, 'limit' | 'offset'>;

export const finReportKeys = {
  all: ['reports', 'fin-report'] as const,
  report: (params: FinReportParams) => ['reports', 'fin-report', 'report', params] as const,
  exceptions: (list: FinReportExceptionsList) => ['reports', 'fin-report', 'exceptions', list] as const,
};

import type { FinReportExceptionsQuery, FinReportFilter } from '@app/shared/reports/fin-report.schemas';

export type FinReportParams = FinReportFilter;
export type FinReportExceptionsParams = FinReportExceptionsQuery;

export const finReportKeys = {
  all: ['reports', 'fin-report'] as const,
  report: (params: FinReportParams) => ['reports', 'fin-report', 'report', params] as const,
  exceptions: (params: FinReportExceptionsParams) => ['reports', 'fin-report', 'exceptions', params] as const,
  companies: ['reports', 'fin-report', 'companies'] as const,
};

import type { ClientsReportFilter } from '@app/shared/reports/clients-report.schemas';

/** The report as the page asks for it: the filters, the period always spelled out, and a page. */
export type ClientsReportParams = Partial<ClientsReportFilter> & {
  month_from: string;
  month_to: string;
  limit: number;
  offset: number;
};

export const clientsReportKeys = {
  all: ['reports', 'clients'] as const,
  report: (params: ClientsReportParams) => ['reports', 'clients', 'report', params] as const,
};

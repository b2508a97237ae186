import type { ClientsReport } from '@app/shared/reports/clients-report.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type ClientsReportParams, clientsReportKeys } from './clients-report-keys.ts';
import { runFor } from './report-run.ts';

/** GET reports/clients/: a page of clients, the totals over all of them and the top by margin. */
export function getClientsReport(params: ClientsReportParams, signal?: AbortSignal): Promise<ClientsReport> {
  return http.get<ClientsReport>('reports/clients/', { query: { ...params }, signal });
}

export function useClientsReport(params: ClientsReportParams) {
  return useQuery({
    queryKey: clientsReportKeys.report(params),
    queryFn: ({ signal }) => runFor(params, getClientsReport(params, signal)),
    // the old figures stay, dimmed and labelled as run, while the new ones are computed
    placeholderData: keepPreviousData,
  });
}

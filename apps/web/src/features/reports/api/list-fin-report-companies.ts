import type { CompanyItem } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { finReportKeys } from './fin-report-keys.ts';

/** GET companies/?list=true: the companies the report can be narrowed to. */
export async function listFinReportCompanies(signal?: AbortSignal): Promise<CompanyItem[]> {
  return (
    await http.get<{ data: CompanyItem[] }>('companies/', { query: { list: true, limit: 100 }, signal })
  ).data;
}

export function useFinReportCompanies() {
  return useQuery({
    queryKey: finReportKeys.companies,
    queryFn: ({ signal }) => listFinReportCompanies(signal),
    staleTime: 5 * 60_000,
  });
}

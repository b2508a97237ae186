import type { ListResult } from '@app/shared/api/envelope';
import type { CompanyItem } from '@app/shared/directory/index';
import { REQUEST_COMPANIES } from '@app/shared/value-lists';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/**
 * GET companies/?list=true: the request companies (BSLF, TPRO, AIRS) as the directory holds them,
 * with the base currency a request's totals are in. Other companies of the directory are left out.
 */
export async function listRequestCompanies(signal?: AbortSignal): Promise<CompanyItem[]> {
  const answer = await http.get<ListResult<CompanyItem>>('companies/', {
    query: { list: true, limit: 50 },
    signal,
  });
  const order = REQUEST_COMPANIES as readonly string[];
  return answer.data
    .filter((c) => order.includes(c.named))
    .sort((a, b) => order.indexOf(a.named) - order.indexOf(b.named));
}

export function useRequestCompanies() {
  return useQuery({
    queryKey: requestsKeys.companies,
    queryFn: ({ signal }) => listRequestCompanies(signal),
    staleTime: 5 * 60_000,
  });
}

import type { CompanyItem } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { periodLocksKeys } from './period-locks-keys.ts';

/** GET companies/?list=true: the few companies whose months can be closed (code and name). */
export async function listLockCompanies(signal?: AbortSignal): Promise<CompanyItem[]> {
  return (
    await http.get<{ data: CompanyItem[] }>('companies/', { query: { list: true, limit: 100 }, signal })
  ).data;
}

export function useLockCompanies() {
  return useQuery({
    queryKey: periodLocksKeys.companies,
    queryFn: ({ signal }) => listLockCompanies(signal),
    staleTime: 5 * 60_000,
  });
}

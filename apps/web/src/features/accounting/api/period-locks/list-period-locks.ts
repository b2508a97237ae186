import type { PeriodLock } from '@app/shared/accounting/period-locks.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { periodLocksKeys } from './period-locks-keys.ts';

/** GET period-locks/?company=: closed (and reopened) months, newest month first. */
export async function listPeriodLocks(company: number | null, signal?: AbortSignal): Promise<PeriodLock[]> {
  return (
    await http.get<{ data: PeriodLock[] }>('period-locks/', {
      query: { company: company ?? undefined },
      signal,
    })
  ).data;
}

export function usePeriodLocks(company: number | null) {
  return useQuery({
    queryKey: periodLocksKeys.list(company),
    queryFn: ({ signal }) => listPeriodLocks(company, signal),
  });
}

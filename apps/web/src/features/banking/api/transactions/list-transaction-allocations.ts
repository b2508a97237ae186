import type { Allocation } from '@app/shared/banking/allocations.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { transactionsKeys } from './transactions-keys.ts';

/** GET allocations/?transaction=: what a line settles. */
export async function listTransactionAllocations(id: number, signal?: AbortSignal): Promise<Allocation[]> {
  const page = await http.get<DirectoryListResult<Allocation>>('allocations/', {
    query: { transaction: id, limit: 100 },
    signal,
  });
  return page.data;
}

export function useTransactionAllocations(id: number) {
  return useQuery({
    queryKey: transactionsKeys.allocations(id),
    queryFn: ({ signal }) => listTransactionAllocations(id, signal),
  });
}

import type { Allocation } from '@app/shared/banking/allocations.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { allocationsKeys } from './allocations-keys.ts';

/** A bank line has a handful of allocations; one page holds them all. */
const LIMIT = 100;

/** GET allocations/?transaction=: what the bank line already settles. */
export async function listTransactionAllocations(id: number, signal?: AbortSignal): Promise<Allocation[]> {
  const page = await http.get<DirectoryListResult<Allocation>>('allocations/', {
    query: { transaction: id, limit: LIMIT },
    signal,
  });
  return page.data;
}

export function useTransactionAllocations(id: number | null) {
  return useQuery({
    queryKey: allocationsKeys.forTransaction(id ?? 0),
    queryFn: ({ signal }) => listTransactionAllocations(id as number, signal),
    enabled: id !== null,
  });
}

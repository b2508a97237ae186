import type { Allocation } from '@app/shared/banking/allocations.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { transactionsKeys } from './transactions-keys.ts';

/**
 * GET allocations/?transaction=: what a line settles. `null` when the server has no allocations
 * route (404): the drawer then leaves the section out rather than showing an error.
 */
export async function listTransactionAllocations(
  id: number,
  signal?: AbortSignal,
): Promise<Allocation[] | null> {
  try {
    const page = await http.get<DirectoryListResult<Allocation>>('allocations/', {
      query: { transaction: id, limit: 100 },
      signal,
      quiet: [404],
    });
    return page.data;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useTransactionAllocations(id: number) {
  return useQuery({
    queryKey: transactionsKeys.allocations(id),
    queryFn: ({ signal }) => listTransactionAllocations(id, signal),
  });
}

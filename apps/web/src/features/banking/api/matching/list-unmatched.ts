import type { Transaction } from '@app/shared/banking/transactions.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type MatchingListParams, matchingKeys } from './matching-keys.ts';

/** GET transactions/: one page of bank lines (unmatched ones unless the screen shows all). */
export function listMatchingTransactions(
  params: MatchingListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<Transaction>> {
  return http.get<DirectoryListResult<Transaction>>('transactions/', { query: { ...params }, signal });
}

/** The previous page stays on screen while the next loads, so the selection does not jump. */
export function useMatchingTransactions(params: MatchingListParams) {
  return useQuery({
    queryKey: matchingKeys.list(params),
    queryFn: ({ signal }) => listMatchingTransactions(params, signal),
    placeholderData: keepPreviousData,
  });
}

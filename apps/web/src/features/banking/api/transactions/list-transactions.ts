import type { Transaction } from '@app/shared/banking/transactions.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type TransactionListParams, transactionsKeys } from './transactions-keys.ts';

/** GET transactions/: bank lines, filtered, sorted and paged on the server. */
export function listTransactions(
  params: TransactionListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<Transaction>> {
  return http.get<DirectoryListResult<Transaction>>('transactions/', { query: { ...params }, signal });
}

export function useTransactions(params: TransactionListParams) {
  return useQuery({
    queryKey: transactionsKeys.list(params),
    queryFn: ({ signal }) => listTransactions(params, signal),
    placeholderData: keepPreviousData,
  });
}

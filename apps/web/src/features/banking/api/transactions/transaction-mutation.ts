import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from './transactions-keys.ts';

/**
 * After a bank line changed: every transactions list and drawer, and what counts or lists lines
 * elsewhere (the workspace's unmatched count, the matched-data screen's allocations, a client's
 * balance); those live under keys of their own areas, refreshed by their roots.
 */
export async function refreshTransactions(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: transactionsKeys.all }),
    client.invalidateQueries({ queryKey: ['allocations'] }),
    client.invalidateQueries({ queryKey: ['accounting-workspace'] }),
  ]);
}

/** A mutation on bank lines that refreshes what it touched once it succeeded. */
export function useTransactionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshTransactions(client) });
}

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from './transactions-keys.ts';

/**
 * What else shows bank lines or counts them, by the keys of their own areas (a feature does not
 * import another's): the matched-data suggestions and allocations, the workspace's unmatched
 * count, and a client's balance (a credit line is part of it) on the invoice and client pages.
 */
const ELSEWHERE: readonly (readonly unknown[])[] = [
  ['suggestions'],
  ['allocations'],
  ['workspace'],
  ['client-invoices', 'client-balance'],
  ['directory', 'clients', 'balance'],
];

/** After a bank line changed: every transactions list and drawer, and the views above. */
export async function refreshTransactions(client: QueryClient) {
  await Promise.all(
    [transactionsKeys.all, ...ELSEWHERE].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/** A mutation on bank lines that refreshes what it touched once it succeeded. */
export function useTransactionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshTransactions(client) });
}

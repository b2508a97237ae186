import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { transactionsKeys } from './transactions-keys.ts';

/** GET transactions/{id}/: one bank line as it is now (the drawer keeps it fresh after a change). */
export async function getTransaction(id: number, signal?: AbortSignal): Promise<Transaction> {
  return (await http.get<{ data: Transaction }>(`transactions/${id}/`, { signal, quiet: [404] })).data;
}

/** `initial`: the list's row, shown at once while the record is fetched. */
export function useTransaction(id: number | null, initial?: Transaction) {
  return useQuery({
    queryKey: transactionsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTransaction(id ?? 0, signal),
    enabled: id !== null,
    initialData: initial && initial.id === id ? initial : undefined,
    // the list's row may be older than the record: fetch it anyway
    initialDataUpdatedAt: 0,
  });
}

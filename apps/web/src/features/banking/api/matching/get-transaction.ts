import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { matchingKeys } from './matching-keys.ts';

/** GET transactions/{id}/: the selected bank line with its open amount (404 shown by the panel). */
export async function getTransaction(id: number, signal?: AbortSignal): Promise<Transaction> {
  return (await http.get<{ data: Transaction }>(`transactions/${id}/`, { signal, quiet: [404] })).data;
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: matchingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTransaction(id as number, signal),
    enabled: id !== null,
  });
}

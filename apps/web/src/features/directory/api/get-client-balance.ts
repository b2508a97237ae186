import type { ClientBalance } from '@app/shared/banking/allocations.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { directoryKeys } from './directory-areas.ts';

/** Under the clients' key, so refreshing the clients refreshes it; the invoice page's payments refresh it by name. */
export const clientBalanceKey = (id: number) => [...directoryKeys.area('clients'), 'balance', id] as const;

/** GET clients/{id}/balance/ (Admin, Accountant): the deposit per currency and its movements. */
export async function getClientBalance(id: number, signal?: AbortSignal): Promise<ClientBalance> {
  return (await http.get<{ data: ClientBalance }>(`clients/${id}/balance/`, { signal })).data;
}

export function useClientBalance(id: number) {
  return useQuery({
    queryKey: clientBalanceKey(id),
    queryFn: ({ signal }) => getClientBalance(id, signal),
    staleTime: 0,
  });
}

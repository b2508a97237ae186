import type { ClientBalance } from '@app/shared/banking/allocations.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { clientCreditKeys } from './client-credit-keys.ts';

/** GET clients/{id}/balance/: the client's credit per currency (a 404 just means nothing to offer). */
export async function getClientBalance(clientId: number, signal?: AbortSignal): Promise<ClientBalance> {
  return (
    await http.get<{ data: ClientBalance }>(`clients/${clientId}/balance/`, { signal, quiet: [403, 404] })
  ).data;
}

export function useClientBalance(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: clientCreditKeys.balance(clientId),
    queryFn: ({ signal }) => getClientBalance(clientId, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

import type { HotelOffer } from '@app/shared/requests/offers.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/** GET requests/{id}/offers/: the request's hotel offers, in their order. */
export async function listOffers(id: number, signal?: AbortSignal): Promise<HotelOffer[]> {
  return (await http.get<{ data: HotelOffer[] }>(`requests/${id}/offers/`, { signal })).data;
}

export function useOffers(id: number, enabled = true) {
  return useQuery({
    queryKey: requestsKeys.offers(id),
    queryFn: ({ signal }) => listOffers(id, signal),
    enabled,
    staleTime: 0,
  });
}

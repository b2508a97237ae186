import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST requests/{id}/offers/{offerId}/choose/: the client's pick becomes a service line. */
export async function chooseOffer(id: number, offerId: number): Promise<unknown> {
  return (await http.post<{ data: unknown }>(`requests/${id}/offers/${offerId}/choose/`, {})).data;
}

export function useChooseOffer(id: number) {
  return useRequestMutation(id, (offerId: number) => chooseOffer(id, offerId), ['record', 'offers']);
}

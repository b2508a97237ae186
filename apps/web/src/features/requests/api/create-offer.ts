import type { CreateHotelOfferBody, HotelOffer } from '@app/shared/requests/offers.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST requests/{id}/offers/ */
export async function createOffer(id: number, body: CreateHotelOfferBody): Promise<HotelOffer> {
  return (await http.post<{ data: HotelOffer }>(`requests/${id}/offers/`, body, { fieldErrors: 'inline' }))
    .data;
}

export function useCreateOffer(id: number) {
  return useRequestMutation(id, (body: CreateHotelOfferBody) => createOffer(id, body), ['offers']);
}

import type { HotelOffer, UpdateHotelOfferBody } from '@app/shared/requests/offers.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** PATCH requests/{id}/offers/{offerId}/ with the offer's version (409 when stale). */
export async function updateOffer(
  id: number,
  offerId: number,
  body: UpdateHotelOfferBody,
): Promise<HotelOffer> {
  return (
    await http.patch<{ data: HotelOffer }>(`requests/${id}/offers/${offerId}/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useUpdateOffer(id: number) {
  return useRequestMutation(
    id,
    ({ offerId, body }: { offerId: number; body: UpdateHotelOfferBody }) => updateOffer(id, offerId, body),
    ['offers'],
  );
}

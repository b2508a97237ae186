import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** DELETE requests/{id}/offers/{offerId}/ */
export async function deleteOffer(id: number, offerId: number): Promise<void> {
  await http.delete(`requests/${id}/offers/${offerId}/`);
}

export function useDeleteOffer(id: number) {
  return useRequestMutation(id, (offerId: number) => deleteOffer(id, offerId), ['offers']);
}

import type { Card, UpdateCardBody } from '@app/shared/accounting/cards.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useCardMutation } from './card-mutation.ts';

/** PATCH bank-cards/{id}/: holder, expiry, limit, bank; a new number is a new card. */
export async function updateCard({ id, body }: { id: number; body: UpdateCardBody }): Promise<Card> {
  return (
    await http.patch<{ data: Card }>(`bank-cards/${id}/`, body, { fieldErrors: 'inline', quiet: [409] })
  ).data;
}

export const useUpdateCard = () => useCardMutation(updateCard);

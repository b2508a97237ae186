import type { Card, CreateCardBody } from '@app/shared/accounting/cards.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useCardMutation } from './card-mutation.ts';

/**
 * POST bank-cards/: the full number goes to the server once, in this body, and is never kept by
 * the page (the dialog forgets it on close and on success).
 */
export async function createCard(body: CreateCardBody): Promise<Card> {
  return (await http.post<{ data: Card }>('bank-cards/', body, { fieldErrors: 'inline' })).data;
}

export const useCreateCard = () => useCardMutation(createCard);

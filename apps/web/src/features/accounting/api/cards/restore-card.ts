import type { Card } from '@app/shared/accounting/cards.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useCardMutation } from './card-mutation.ts';

/** POST bank-cards/{id}/unarchive/: a deleted card back on the list. */
export async function restoreCard(id: number): Promise<Card> {
  return (await http.post<{ data: Card }>(`bank-cards/${id}/unarchive/`)).data;
}

export const useRestoreCard = () => useCardMutation(restoreCard);

import { http } from '../../../../lib/http/http-client.ts';
import { useCardMutation } from './card-mutation.ts';

/** DELETE bank-cards/{id}/ (204); the confirmation dialog shows a refusal itself. */
export async function deleteCard(id: number): Promise<void> {
  await http.delete(`bank-cards/${id}/`, { quiet: true });
}

export const useDeleteCard = () => useCardMutation(deleteCard);

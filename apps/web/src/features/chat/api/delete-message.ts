import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { upsertMessage } from './chat-cache.ts';

/** DELETE chat/channels/messages/{id}/: the message keeps its place, emptied and marked deleted. */
export async function deleteMessage(id: number): Promise<void> {
  await http.delete(`chat/channels/messages/${id}/`);
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: ChatMessage) => deleteMessage(message.id),
    onSuccess: (_, message) => upsertMessage(client, { ...message, body: '', deleted: true }, { own: true }),
  });
}

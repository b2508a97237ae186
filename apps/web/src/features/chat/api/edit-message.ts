import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { upsertMessage } from './chat-cache.ts';

/** PATCH chat/channels/messages/{id}/ with the message including its id (spec 7): `{id, body}`. */
export async function editMessage(id: number, body: string): Promise<ChatMessage> {
  return (await http.patch<{ data: ChatMessage }>(`chat/channels/messages/${id}/`, { id, body })).data;
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => editMessage(id, body),
    onSuccess: (message) => upsertMessage(client, message, { own: true }),
  });
}

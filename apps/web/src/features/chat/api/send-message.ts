import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { upsertMessage } from './chat-cache.ts';

/** POST chat/channels/{id}/messages/ with `{body}`. */
export async function sendMessage(channelId: number, body: string): Promise<ChatMessage> {
  return (
    await http.post<{ data: ChatMessage }>(
      `chat/channels/${channelId}/messages/`,
      { body },
      { ignoreLoading: true },
    )
  ).data;
}

export function useSendMessage(channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(channelId, body),
    // the socket echoes it too; upsert keeps one copy whichever comes first
    onSuccess: (message) => upsertMessage(client, message, { own: true }),
  });
}

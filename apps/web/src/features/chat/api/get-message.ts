import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { http } from '../../../lib/http/http-client.ts';

/** GET chat/channels/messages/{id}/: one message, when a realtime event carries less than the whole. */
export async function getMessage(id: number): Promise<ChatMessage> {
  return (
    await http.get<{ data: ChatMessage }>(`chat/channels/messages/${id}/`, {
      ignoreLoading: true,
      quiet: [403, 404],
    })
  ).data;
}

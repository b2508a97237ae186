import type { ChatMessage, ChatReadMarker } from '@app/shared/chat/chat.schemas';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST chat/channels/messages/{id}/read/ with the message object (spec 7): the caller has read the
 * channel up to it. Quiet: a marker that fails to move costs nothing but a count.
 */
export async function markRead(message: ChatMessage): Promise<ChatReadMarker | null> {
  const answer = await http.post<{ data?: ChatReadMarker } | null>(
    `chat/channels/messages/${message.id}/read/`,
    message,
    { ignoreLoading: true, quiet: true },
  );
  return answer?.data ?? null;
}

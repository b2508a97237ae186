import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { patchChannel, setReadMarker } from '../api/chat-cache.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { markRead } from '../api/mark-read.ts';

/** Per query client (one per app, one per test): the newest message asked to be read, per channel. */
const asked = new WeakMap<QueryClient, Map<number, number>>();

/**
 * Marks a channel read up to `message`, once per message: the count drops at once, and the
 * server's marker (it never moves back) is taken when it answers.
 */
export async function markChannelRead(client: QueryClient, message: ChatMessage): Promise<void> {
  const byChannel = asked.get(client) ?? new Map<number, number>();
  asked.set(client, byChannel);
  const channelId = message.chat_channel_id;
  if ((byChannel.get(channelId) ?? 0) >= message.id) return;
  byChannel.set(channelId, message.id);
  setReadMarker(client, channelId, message.id);
  try {
    const marker = await markRead(message);
    if (marker) {
      patchChannel(client, channelId, (c) => ({
        ...c,
        last_read_message_id: marker.last_read_message_id,
        unread_count: marker.unread_count,
      }));
    }
  } catch {
    // not marked: the next look at the window tries again, and the list shows the server's count
    if (byChannel.get(channelId) === message.id) byChannel.delete(channelId);
    await client.invalidateQueries({ queryKey: chatKeys.channelLists });
  }
}

/** Whether `message` is past the caller's read marker of the channel. */
export function isUnread(lastReadId: number | null | undefined, message: ChatMessage): boolean {
  return lastReadId == null || message.id > lastReadId;
}

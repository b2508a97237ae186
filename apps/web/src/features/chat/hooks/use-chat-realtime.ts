import { type ChatMessage, ChatMessageSchema } from '@app/shared/chat/chat.schemas';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtimeStatus } from '../../../lib/realtime/realtime-connection.ts';
import { subscribeRealtime } from '../../../lib/realtime/realtime-events.ts';
import { countUnread, isFreshMessage, upsertMessage } from '../api/chat-cache.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { getMessage } from '../api/get-message.ts';

/** Files one incoming message: into its window's history, and into the channel list's counts. */
export function receiveMessage(client: QueryClient, message: ChatMessage, selfId: number): void {
  const own = message.author.id === selfId;
  // counted before filing: a copy already filed (the list's last message) is not counted twice
  if (!own && isFreshMessage(message)) countUnread(client, message.chat_channel_id, message);
  const { channelListed } = upsertMessage(client, message, { own });
  // a channel the list does not know yet: someone has just added the caller to it
  if (!channelListed) void client.invalidateQueries({ queryKey: chatKeys.channelLists });
}

/**
 * The chat's part of the socket: every `chat.message` goes into the caches (an open window shows
 * it at once; the notice for a channel that is not open is the realtime notices' job, through
 * lib/realtime/open-channels.ts). `chat.read` events are received and ignored (spec 4).
 *
 * Messages sent while the socket was down never arrive, so when it is accepted again after a drop
 * (`socket.ready` after the first) everything the chat holds is read again: the channel lists and
 * their counts, each open window's channel and history (a channel the user was removed from
 * meanwhile answers 403 and its window closes). Nothing is marked read by this: a window marks
 * only what its reader has in view.
 */
export function useChatRealtime(selfId: number): void {
  const client = useQueryClient();
  useEffect(() => {
    // mounted after the socket was already accepted: the next acceptance is after a drop
    let readyBefore = realtimeStatus() === 'connected';
    const offMessages = subscribeRealtime<unknown>('chat.message', (data) => {
      const parsed = ChatMessageSchema.safeParse(data);
      if (parsed.success) {
        receiveMessage(client, parsed.data, selfId);
        return;
      }
      // an event with less than the whole message: fetch it by its id
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id !== 'number') return;
      getMessage(id).then(
        (message) => receiveMessage(client, message, selfId),
        () => {},
      );
    });
    const offReady = subscribeRealtime('socket.ready', () => {
      if (!readyBefore) {
        readyBefore = true; // the dock has just read the chat
        return;
      }
      void client.invalidateQueries({ queryKey: chatKeys.all });
    });
    return () => {
      offMessages();
      offReady();
    };
  }, [client, selfId]);
}

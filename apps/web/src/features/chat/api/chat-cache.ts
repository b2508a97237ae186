import type { ChatChannel, ChatMessage } from '@app/shared/chat/chat.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from './chat-keys.ts';
import type { ChatHistory } from './list-messages.ts';

/**
 * The chat's caches kept current from answers and realtime events, so an open window and the
 * channel list show a message the moment it arrives, once (deduped by id), and an edit or a
 * delete in place.
 */

export function findListedChannel(client: QueryClient, id: number): ChatChannel | undefined {
  for (const [, list] of client.getQueriesData<ChatChannel[]>({ queryKey: chatKeys.channelLists })) {
    const found = list?.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Applies `change` to channel `id` wherever it is cached (every list and its own entry). */
export function patchChannel(client: QueryClient, id: number, change: (c: ChatChannel) => ChatChannel): void {
  client.setQueriesData<ChatChannel[]>({ queryKey: chatKeys.channelLists }, (list) =>
    list?.map((c) => (c.id === id ? change(c) : c)),
  );
  client.setQueryData<ChatChannel>(chatKeys.channel(id), (c) => (c ? change(c) : c));
}

/** A brand-new message (not an edit nor a delete of one already sent). */
export const isFreshMessage = (m: ChatMessage) => !m.edited_at && !m.deleted;

/** Puts `message` into its channel's history: in place when known, else at the newest end. */
function upsertIntoHistory(
  history: ChatHistory,
  message: ChatMessage,
): { history: ChatHistory; added: boolean } {
  let found = false;
  const pages = history.pages.map((page) => {
    const at = page.messages.findIndex((m) => m.id === message.id);
    if (at < 0) return page;
    found = true;
    const messages = [...page.messages];
    messages[at] = message;
    return { ...page, messages };
  });
  if (found) return { history: { ...history, pages }, added: false };
  const [first, ...rest] = pages;
  if (!first) return { history, added: false };
  // newest first; a late arrival among the newest keeps the order by id
  const messages = [...first.messages, message].sort((a, b) => b.id - a.id);
  return { history: { ...history, pages: [{ ...first, messages }, ...rest] }, added: true };
}

/**
 * Files a message into the caches. Returns whether it was new to the history (false for a copy
 * already shown, such as the socket's echo of a message this window sent) and whether any channel
 * list knows its channel.
 */
export function upsertMessage(
  client: QueryClient,
  message: ChatMessage,
  { own = false }: { own?: boolean } = {},
): { added: boolean; channelListed: boolean } {
  const channelListed = findListedChannel(client, message.chat_channel_id) !== undefined;
  patchChannel(client, message.chat_channel_id, (c) => {
    const last = c.last_message;
    if (last && last.id > message.id) return c;
    return {
      ...c,
      last_message: message,
      // what one writes oneself is read
      ...(own && isFreshMessage(message) ? { last_read_message_id: message.id, unread_count: 0 } : {}),
    };
  });
  if (isFreshMessage(message)) moveChannelFirst(client, message.chat_channel_id);
  // the history last: a window that sees its own new message already sees it read
  let added = false;
  client.setQueryData<ChatHistory>(chatKeys.messages(message.chat_channel_id), (history) => {
    if (!history) return history;
    const next = upsertIntoHistory(history, message);
    added = next.added;
    return next.history;
  });
  return { added, channelListed };
}

/** The list is by latest activity: a channel with a new message goes to the top. */
function moveChannelFirst(client: QueryClient, id: number): void {
  client.setQueriesData<ChatChannel[]>({ queryKey: chatKeys.channelLists }, (list) => {
    const at = list?.findIndex((c) => c.id === id) ?? -1;
    if (!list || at <= 0) return list;
    return [list[at]!, ...list.slice(0, at), ...list.slice(at + 1)];
  });
}

/** One more unread message in channel `id` (another member's, while its window is not being read). */
export function countUnread(client: QueryClient, id: number, message: ChatMessage): void {
  patchChannel(client, id, (c) =>
    c.last_read_message_id !== null && c.last_read_message_id >= message.id
      ? c
      : { ...c, unread_count: c.unread_count + 1 },
  );
}

/** The caller has read channel `id` up to `messageId`. */
export function setReadMarker(client: QueryClient, id: number, messageId: number, unread = 0): void {
  patchChannel(client, id, (c) =>
    c.last_read_message_id !== null && c.last_read_message_id > messageId
      ? c
      : { ...c, last_read_message_id: messageId, unread_count: unread },
  );
}

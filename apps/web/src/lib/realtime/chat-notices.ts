import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { useEffect } from 'react';
import { toast } from '../../ui/toasts/toast-store.ts';
import { canShowChannels, isChannelOpen, showChannel } from './open-channels.ts';
import { subscribeRealtime } from './realtime-events.ts';

/** A notice shows the start of a long message; the channel has the rest. */
export const CHAT_NOTICE_MAX_CHARS = 200;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > CHAT_NOTICE_MAX_CHARS ? `${flat.slice(0, CHAT_NOTICE_MAX_CHARS - 1)}…` : flat;
}

/**
 * Spec 4 (Chat): a `chat.message` for a channel that is not open also raises a notice of type
 * message, saying the author's name and the message (a normal toast, 5000 ms). The channel's own
 * view takes the message itself. No notice for one's own message (sent from another tab), nor
 * for an edit or a deletion of an older one. Its "Open" shows the channel (the chat dock opens it).
 */
export function raiseChatNotice(message: Partial<ChatMessage> | null | undefined, myId: number): boolean {
  if (!message || typeof message.chat_channel_id !== 'number') return false;
  if (isChannelOpen(message.chat_channel_id)) return false;
  if (message.author?.id === myId) return false;
  if (message.deleted || message.edited_at) return false;
  const text = excerpt(message.body ?? '');
  if (!text) return false;
  const channelId = message.chat_channel_id;
  toast.info(
    text,
    message.author?.name ?? 'New message',
    canShowChannels() ? { action: { label: 'Open', onClick: () => showChannel(channelId) } } : {},
  );
  return true;
}

/** Raises the message notices while the authenticated shell is mounted. */
export function useChatNotices(myId: number): void {
  useEffect(
    () =>
      subscribeRealtime<Partial<ChatMessage>>('chat.message', (message) => raiseChatNotice(message, myId)),
    [myId],
  );
}

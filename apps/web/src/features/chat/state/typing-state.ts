import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import type { TypingEventData } from '@app/shared/realtime/socket.schemas';
import { useEffect, useState } from 'react';
import { subscribeRealtime } from '../../../lib/realtime/realtime-events.ts';

/** A typing event shows its name this long unless another one renews it. */
export const CHAT_TYPING_SHOWN_MS = 3000;

export type TypingByChannel = ReadonlyMap<number, readonly { id: number; name: string }[]>;

/** Who is typing where, from `chat.typing` events (the caller's own are left out). */
export function useTypingUsers(selfId: number): TypingByChannel {
  const [typing, setTyping] = useState<TypingByChannel>(() => new Map());

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const update = (channelId: number, change: (users: { id: number; name: string }[]) => typeof users) =>
      setTyping((current) => {
        const next = new Map(current);
        const users = change([...(current.get(channelId) ?? [])]);
        if (users.length) next.set(channelId, users);
        else next.delete(channelId);
        return next;
      });

    const unsubscribe = subscribeRealtime<TypingEventData>('chat.typing', (data) => {
      if (!data?.user || data.user.id === selfId) return;
      const { chat_channel_id: channelId, user } = data;
      const key = `${channelId}:${user.id}`;
      clearTimeout(timers.get(key));
      update(channelId, (users) => [
        ...users.filter((u) => u.id !== user.id),
        { id: user.id, name: user.name },
      ]);
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          update(channelId, (users) => users.filter((u) => u.id !== user.id));
        }, CHAT_TYPING_SHOWN_MS),
      );
    });
    // a message from someone ends their typing at once
    const unsubscribeMessages = subscribeRealtime<ChatMessage>('chat.message', (message) => {
      const authorId = message?.author?.id;
      if (authorId === undefined) return;
      const key = `${message.chat_channel_id}:${authorId}`;
      if (!timers.has(key)) return;
      clearTimeout(timers.get(key));
      timers.delete(key);
      update(message.chat_channel_id, (users) => users.filter((u) => u.id !== authorId));
    });
    return () => {
      unsubscribe();
      unsubscribeMessages();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [selfId]);

  return typing;
}

/** "Ann is typing…", "Ann and Bo are typing…", "3 people are typing…". */
export function typingText(users: readonly { name: string }[]): string {
  if (users.length === 0) return '';
  if (users.length === 1) return `${users[0]!.name} is typing…`;
  if (users.length === 2) return `${users[0]!.name} and ${users[1]!.name} are typing…`;
  return `${users.length} people are typing…`;
}

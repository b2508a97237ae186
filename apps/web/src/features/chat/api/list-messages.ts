import { CHAT_PAGE_SIZE, type ChatMessage } from '@app/shared/chat/chat.schemas';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { chatKeys } from './chat-keys.ts';

/** One page of history, newest first; `hasMore` says whether older messages remain. */
export interface ChatHistoryPage {
  messages: ChatMessage[];
  hasMore: boolean;
}
export type ChatHistory = InfiniteData<ChatHistoryPage, unknown>;

interface PageAnswer {
  data: ChatMessage[];
  meta?: { limit?: number; has_more?: boolean };
}

/** GET chat/channels/{id}/messages/: the newest page, or the page before message `before`. */
export async function listMessages(
  channelId: number,
  before: number | null,
  signal?: AbortSignal,
): Promise<ChatHistoryPage> {
  const answer = await http.get<PageAnswer>(`chat/channels/${channelId}/messages/`, {
    query: { limit: CHAT_PAGE_SIZE, before },
    signal,
    ignoreLoading: true,
  });
  // a server without `has_more` still pages: a full page may have one before it
  return { messages: answer.data, hasMore: answer.meta?.has_more ?? answer.data.length >= CHAT_PAGE_SIZE };
}

/**
 * A channel's history as pages going back in time. Realtime keeps it current (chat-cache.ts), so it
 * is not refetched while the window stays open; after a socket drop, when events may have been
 * missed, use-chat-realtime.ts invalidates it and every page loaded is read again from the newest.
 */
export function useChatHistory(channelId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(channelId),
    queryFn: ({ pageParam, signal }) => listMessages(channelId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? (last.messages.at(-1)?.id ?? null) : null),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The history oldest first, as a conversation reads. */
export function historyOldestFirst(history: ChatHistory | undefined): ChatMessage[] {
  if (!history) return [];
  return history.pages.flatMap((page) => page.messages).reverse();
}

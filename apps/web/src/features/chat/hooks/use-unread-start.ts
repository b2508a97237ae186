import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { useEffect, useRef, useState } from 'react';
import { isUnread } from './read-marker.ts';

/** Opening a chat reads back at most this many pages of history to find its first unread message. */
export const CHAT_UNREAD_LOOKBACK_PAGES = 5;

/**
 * Where a window opens: the first message that was unread when it opened (someone else's, not
 * deleted), under a "New messages" divider; null for none (the bottom); undefined while it is
 * still being found. When every message loaded is unread, older pages are read first (at most
 * CHAT_UNREAD_LOOKBACK_PAGES), so the divider sits where the unread begin. Decided once: the
 * divider stays put while the window is open.
 */
export function useUnreadStart({
  loaded,
  messages,
  lastReadId,
  selfId,
  pages,
  hasOlder,
  fetchingOlder,
  olderFailed,
  loadOlder,
}: {
  /** The first page has been read. */
  loaded: boolean;
  /** Oldest first. */
  messages: readonly ChatMessage[];
  /** The caller's read marker when the window opened. */
  lastReadId: number | null;
  selfId: number;
  pages: number;
  hasOlder: boolean;
  fetchingOlder: boolean;
  /** Reading an older page failed: settle with what is loaded. */
  olderFailed: boolean;
  loadOlder: () => void;
}): number | null | undefined {
  const lastRead = useRef(lastReadId).current;
  const [start, setStart] = useState<number | null | undefined>(undefined);
  /** Pages loaded when the last older page was asked for: one ask per page. */
  const askedAt = useRef(0);

  useEffect(() => {
    if (start !== undefined || !loaded) return;
    const oldest = messages[0];
    const olderMayBeUnread = oldest !== undefined && isUnread(lastRead, oldest);
    if (olderMayBeUnread && hasOlder && !olderFailed && pages < CHAT_UNREAD_LOOKBACK_PAGES) {
      if (!fetchingOlder && askedAt.current !== pages) {
        askedAt.current = pages;
        loadOlder();
      }
      return;
    }
    const first = messages.find((m) => m.author.id !== selfId && !m.deleted && isUnread(lastRead, m));
    setStart(first?.id ?? null);
  }, [start, loaded, messages, lastRead, selfId, pages, hasOlder, fetchingOlder, olderFailed, loadOlder]);

  return start;
}

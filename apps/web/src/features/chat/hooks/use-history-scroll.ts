import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { throttle } from './throttle.ts';

/** Spec 9, infinite scroll: older pages load within 1.5 viewport heights of the top, throttled 150 ms. */
export const CHAT_SCROLL_UP_DISTANCE = 1.5;
export const CHAT_SCROLL_THROTTLE_MS = 150;
/** Closer than this to the bottom counts as reading the newest messages. */
const AT_BOTTOM_PX = 48;
/** Room left above the first unread message for the "New messages" divider. */
export const CHAT_UNREAD_MARGIN_PX = 40;

/** The id of the newest message whose whole bubble is inside the list's view. */
function lastWhollyShown(list: HTMLElement): number | undefined {
  const bottom = list.getBoundingClientRect().bottom;
  const items = list.querySelectorAll<HTMLElement>('[data-message-id]');
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i]!;
    if (item.getBoundingClientRect().bottom <= bottom + 1) return Number(item.dataset.messageId);
  }
  return undefined;
}

/**
 * The scrolling of a conversation. It opens at the first unread message (`startId`, with room for
 * the divider above it) or at the bottom (`startId` null); `startId` undefined means it is still
 * being found, and nothing is positioned or paged until it is. Then it pages up through history
 * as the top comes near (keeping the messages in view where they were), stays at the bottom while
 * the reader is there, and says when a newer message arrived out of sight. `seenId` is the newest
 * message the reader has had wholly in view: only that far may the window mark the chat read.
 */
export function useHistoryScroll({
  ref,
  oldestId,
  newestId,
  newestIsOwn,
  startId,
  canLoadOlder,
  loadOlder,
}: {
  ref: RefObject<HTMLElement | null>;
  oldestId: number | undefined;
  newestId: number | undefined;
  newestIsOwn: boolean;
  startId: number | null | undefined;
  canLoadOlder: boolean;
  loadOlder: () => void;
}) {
  /** Distance from the bottom before older messages went in on top, to put the view back. */
  const anchor = useRef<number | null>(null);
  const atBottom = useRef(true);
  const positioned = useRef(false);
  const [newBelow, setNewBelow] = useState(false);
  const [seenId, setSeenId] = useState<number | undefined>(undefined);
  const live = useRef({ canLoadOlder, loadOlder, newestId });
  live.current = { canLoadOlder, loadOlder, newestId };

  const check = useMemo(
    () =>
      throttle(() => {
        const el = ref.current;
        if (!el || !positioned.current || !live.current.canLoadOlder || el.clientHeight === 0) return;
        if (el.scrollTop < CHAT_SCROLL_UP_DISTANCE * el.clientHeight) {
          anchor.current = el.scrollHeight - el.scrollTop;
          live.current.loadOlder();
        }
      }, CHAT_SCROLL_THROTTLE_MS),
    [ref],
  );
  useEffect(() => () => check.cancel(), [check]);

  /** Where the reader is: at the bottom (everything seen) or up in the history. */
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el || !positioned.current) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (atBottom.current) {
      setNewBelow(false);
      setSeenId(live.current.newestId);
    } else {
      setSeenId(lastWhollyShown(el));
    }
  }, [ref]);

  const onScroll = useCallback(() => {
    measure();
    check.run();
  }, [measure, check]);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
    setSeenId(live.current.newestId);
  }, [ref]);

  // first the opening place (the first unread, else the bottom), then the top is looked at;
  // after that a newer message is followed when reading at the bottom or when it is one's own,
  // else said
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message or the start changes
  useLayoutEffect(() => {
    if (newestId === undefined) return;
    if (!positioned.current) {
      if (startId === undefined) return;
      positioned.current = true;
      const el = ref.current;
      const target =
        startId === null ? null : el?.querySelector<HTMLElement>(`[data-message-id="${startId}"]`);
      if (el && target) {
        const offset = target.getBoundingClientRect().top - el.getBoundingClientRect().top;
        el.scrollTop = Math.max(0, el.scrollTop + offset - CHAT_UNREAD_MARGIN_PX);
        measure();
        if (!atBottom.current) setNewBelow(true);
      } else {
        scrollToBottom();
      }
      check.run();
      return;
    }
    if (atBottom.current || newestIsOwn) scrollToBottom();
    else setNewBelow(true);
  }, [newestId, startId]);

  // older messages went in on top: keep what was in view where it was, then look again (a short
  // page may still leave the top near)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && anchor.current !== null) el.scrollTop = el.scrollHeight - anchor.current;
    anchor.current = null;
    if (oldestId !== undefined) check.run();
  }, [oldestId]);

  return { onScroll, newBelow, scrollToBottom, seenId };
}

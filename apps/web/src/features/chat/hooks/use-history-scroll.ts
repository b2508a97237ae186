import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { throttle } from './throttle.ts';

/** Spec 9, infinite scroll: older pages load within 1.5 viewport heights of the top, throttled 150 ms. */
export const CHAT_SCROLL_UP_DISTANCE = 1.5;
export const CHAT_SCROLL_THROTTLE_MS = 150;
/** Closer than this to the bottom counts as reading the newest messages. */
const AT_BOTTOM_PX = 48;

/**
 * The scrolling of a conversation: pages up through history as the top comes near (keeping the
 * messages in view where they were), stays at the bottom while the reader is there, and says when
 * a newer message arrived out of sight.
 */
export function useHistoryScroll({
  ref,
  oldestId,
  newestId,
  newestIsOwn,
  canLoadOlder,
  loadOlder,
}: {
  ref: RefObject<HTMLElement | null>;
  oldestId: number | undefined;
  newestId: number | undefined;
  newestIsOwn: boolean;
  canLoadOlder: boolean;
  loadOlder: () => void;
}) {
  /** Distance from the bottom before older messages went in on top, to put the view back. */
  const anchor = useRef<number | null>(null);
  const atBottom = useRef(true);
  const [newBelow, setNewBelow] = useState(false);
  const live = useRef({ canLoadOlder, loadOlder });
  live.current = { canLoadOlder, loadOlder };

  const check = useMemo(
    () =>
      throttle(() => {
        const el = ref.current;
        if (!el || !live.current.canLoadOlder || el.clientHeight === 0) return;
        if (el.scrollTop < CHAT_SCROLL_UP_DISTANCE * el.clientHeight) {
          anchor.current = el.scrollHeight - el.scrollTop;
          live.current.loadOlder();
        }
      }, CHAT_SCROLL_THROTTLE_MS),
    [ref],
  );
  useEffect(() => () => check.cancel(), [check]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (atBottom.current) setNewBelow(false);
    check.run();
  }, [ref, check]);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  }, [ref]);

  // first the newest (the first page lands scrolled to the bottom), then the top is looked at
  // a newer message: follow it when reading at the bottom or when it is one's own, else say so
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    if (newestId === undefined) return;
    if (atBottom.current || newestIsOwn) scrollToBottom();
    else setNewBelow(true);
  }, [newestId]);

  // older messages went in on top: keep what was in view where it was, then look again (a short
  // page may still leave the top near)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && anchor.current !== null) el.scrollTop = el.scrollHeight - anchor.current;
    anchor.current = null;
    if (oldestId !== undefined) check.run();
  }, [oldestId]);

  return { onScroll, newBelow, scrollToBottom, canLoadOlder };
}

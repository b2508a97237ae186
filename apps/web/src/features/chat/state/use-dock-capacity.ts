import { useEffect, useState } from 'react';
import { CHAT_DOCK_MAX_WINDOWS } from './dock-state.ts';

/** A window's width and the gap between windows (chat-dock.module.css). */
const WINDOW_WIDTH = 328;
const GAP = 12;
/** The navigation rail on the left and the launcher on the right take this much of the row. */
const RESERVED = 64 + 88;
/** Below Mantine's sm breakpoint (48em) one window shows at a time, across the screen. */
export const CHAT_NARROW_QUERY = '(max-width: 47.99em)';

function capacityOf(width: number, narrow: boolean): number {
  if (narrow) return 1;
  const fits = Math.floor((width - RESERVED + GAP) / (WINDOW_WIDTH + GAP));
  return Math.min(CHAT_DOCK_MAX_WINDOWS, Math.max(1, fits));
}

const measure = () => {
  const narrow = window.matchMedia(CHAT_NARROW_QUERY).matches;
  return { narrow, capacity: capacityOf(window.innerWidth, narrow) };
};

/** How many windows fit side by side now, and whether the screen is narrow. */
export function useDockCapacity() {
  const [state, setState] = useState(measure);
  useEffect(() => {
    const update = () =>
      setState((s) => {
        const next = measure();
        return next.narrow === s.narrow && next.capacity === s.capacity ? s : next;
      });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return state;
}

/**
 * Bounds on what clients may send, so one user cannot keep the server (and the chat module's
 * database work) busy: a rate per user for every frame, summed over all the user's sockets in
 * this process (a socket whose token is still being checked has a small rate of its own);
 * typing passed on at most once per window for a user and channel (spec: "a flood of typing
 * frames is throttled"); and read markers moved at most once per window for a user and channel,
 * the furthest one asked for applied when the window ends.
 */

/** Frames a user (all sockets together) may send in one window; the rest of the window's frames are dropped. */
export const SOCKET_FRAMES_PER_WINDOW = 20;
export const SOCKET_FRAME_WINDOW_MS = 1000;

/** Beyond this many remembered keys, the stale ones are swept at once (and at every keepalive). */
const SWEEP_AT = 10_000;

export type RateOutcome = 'ok' | 'first-over' | 'over';

interface Window {
  start: number;
  used: number;
}

function takeFrom(w: Window, at: number): RateOutcome {
  if (at - w.start >= SOCKET_FRAME_WINDOW_MS) {
    w.start = at;
    w.used = 0;
  }
  w.used += 1;
  if (w.used <= SOCKET_FRAMES_PER_WINDOW) return 'ok';
  // The first refused frame of a window is logged, the others only counted in that line.
  return w.used === SOCKET_FRAMES_PER_WINDOW + 1 ? 'first-over' : 'over';
}

/** A fixed-window counter for one socket before its user is known: `take()` answers whether this frame is within the rate. */
export function createFrameRate(now: () => number = Date.now) {
  const w: Window = { start: Number.NEGATIVE_INFINITY, used: 0 };
  return { take: (): RateOutcome => takeFrom(w, now()) };
}

/**
 * Fixed-window counters per user, shared by every socket of the process: a user with 50 tabs
 * has the budget of one, not of 50.
 */
export function createUserFrameRates(now: () => number = Date.now) {
  const windows = new Map<number, Window>();
  const sweep = () => {
    const at = now();
    for (const [userId, w] of windows) if (at - w.start >= SOCKET_FRAME_WINDOW_MS) windows.delete(userId);
  };
  return {
    take(userId: number): RateOutcome {
      let w = windows.get(userId);
      if (!w) {
        if (windows.size >= SWEEP_AT) sweep();
        w = { start: Number.NEGATIVE_INFINITY, used: 0 };
        windows.set(userId, w);
      }
      return takeFrom(w, now());
    },
    sweep,
    size: () => windows.size,
  };
}

/** Typing per user and channel, shared by all sockets of the process (a user may have several tabs). */
export function createTypingThrottle(windowMs: number, now: () => number = Date.now) {
  const last = new Map<string, number>();
  const sweep = () => {
    const at = now();
    for (const [key, when] of last) if (at - when >= windowMs) last.delete(key);
  };
  return {
    allow(userId: number, channelId: number): boolean {
      const key = `${userId}:${channelId}`;
      const at = now();
      const before = last.get(key);
      if (before !== undefined && at - before < windowMs) return false;
      if (last.size >= SWEEP_AT) sweep();
      last.set(key, at);
      return true;
    },
    sweep,
    size: () => last.size,
  };
}

/** A `chat.read` frame's data: up to this message, or to the newest without one. */
export interface ReadMark {
  chat_channel_id: number;
  message_id?: number | undefined;
}

/** The furthest of two marks of one channel: "to the newest" wins, else the higher id (a marker never moves back). */
export function furthestMark(a: ReadMark, b: ReadMark): ReadMark {
  if (a.message_id === undefined || b.message_id === undefined) return { chat_channel_id: a.chat_channel_id };
  return { chat_channel_id: a.chat_channel_id, message_id: Math.max(a.message_id, b.message_id) };
}

interface ReadSlot<U> {
  /** When a mark was last applied. */
  at: number;
  pending?: { user: U; mark: ReadMark };
  timer?: NodeJS.Timeout;
}

/**
 * Read markers per user and channel, shared by all sockets of the process. The first mark of a
 * window is applied at once; later ones in the window are merged into one (the furthest), applied
 * when the window ends. A client that marks every message as it scrolls costs one update a second.
 */
export function createReadThrottle<U extends { id: number }>(
  windowMs: number,
  apply: (user: U, mark: ReadMark) => void,
  now: () => number = Date.now,
) {
  const slots = new Map<string, ReadSlot<U>>();
  const sweep = () => {
    const at = now();
    for (const [key, slot] of slots) if (!slot.timer && at - slot.at >= windowMs) slots.delete(key);
  };
  const flush = (slot: ReadSlot<U>) => {
    slot.timer = undefined;
    const pending = slot.pending;
    if (!pending) return;
    slot.pending = undefined;
    slot.at = now();
    apply(pending.user, pending.mark);
  };
  return {
    /** Answers whether the mark was applied now ('applied') or kept for the window's end ('deferred'). */
    offer(user: U, mark: ReadMark): 'applied' | 'deferred' {
      const key = `${user.id}:${mark.chat_channel_id}`;
      const at = now();
      const slot = slots.get(key);
      if (!slot || (!slot.timer && at - slot.at >= windowMs)) {
        if (!slot && slots.size >= SWEEP_AT) sweep();
        slots.set(key, { at });
        apply(user, mark);
        return 'applied';
      }
      slot.pending = { user, mark: slot.pending ? furthestMark(slot.pending.mark, mark) : mark };
      if (!slot.timer)
        slot.timer = setTimeout(() => flush(slot), Math.max(0, slot.at + windowMs - at)).unref();
      return 'deferred';
    },
    sweep,
    size: () => slots.size,
    /** On shutdown: marks still waiting are dropped (the database is going away too). */
    close() {
      for (const slot of slots.values()) clearTimeout(slot.timer);
      slots.clear();
    },
  };
}

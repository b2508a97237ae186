/**
 * Bounds on what a client may send, so one socket cannot keep the server (and the chat module's
 * database work) busy: a rate per socket for every frame, and typing passed on at most once per
 * window for a user and channel (spec: "a flood of typing frames is throttled").
 */

/** Frames a socket may send in one window; the rest of the window's frames are dropped. */
export const SOCKET_FRAMES_PER_WINDOW = 20;
export const SOCKET_FRAME_WINDOW_MS = 1000;

/** A fixed-window counter for one socket: `take()` answers whether this frame is within the rate. */
export function createFrameRate(now: () => number = Date.now) {
  let windowStart = 0;
  let used = 0;
  return {
    take(): 'ok' | 'first-over' | 'over' {
      const at = now();
      if (at - windowStart >= SOCKET_FRAME_WINDOW_MS) {
        windowStart = at;
        used = 0;
      }
      used += 1;
      if (used <= SOCKET_FRAMES_PER_WINDOW) return 'ok';
      // The first refused frame of a window is logged, the others only counted in that line.
      return used === SOCKET_FRAMES_PER_WINDOW + 1 ? 'first-over' : 'over';
    },
  };
}

/** Beyond this many remembered user/channel pairs, the stale ones are swept at once. */
const SWEEP_AT = 10_000;

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

/** Xero's limits per tenant (decision 0015): calls at once, calls per rolling window, and pauses after a 429. */
export interface XeroLimits {
  /** Calls started per `windowMs` (Xero: 60 a minute). */
  perMinute: number;
  /** Calls in flight at once (Xero: 5). */
  concurrent: number;
  windowMs: number;
  /** Tries of one call in all (429 waits and the 401 retry count). */
  maxAttempts: number;
}

export const XERO_LIMITS: XeroLimits = { perMinute: 60, concurrent: 5, windowMs: 60_000, maxAttempts: 5 };

interface TenantQueue {
  inFlight: number;
  /**
   * The calls of the current window: when each started, then (once answered) when it ended. Xero
   * counts a call when it arrives, somewhere between the two, so a call leaves the window a full
   * window after its answer: counting from the start let a 61st call reach Xero inside its minute.
   */
  starts: Array<{ at: number }>;
  pausedUntil: number;
  waiting: Array<(started: { at: number }) => void>;
  timer: NodeJS.Timeout | null;
}

export interface XeroRateLimiter {
  /** Waits for a turn; call the answer when the call is over. */
  acquire(tenantId: string): Promise<() => void>;
  /** No new call of the tenant starts for `ms` (Xero said `Retry-After`). */
  pause(tenantId: string, ms: number): void;
}

/** Keeps Xero's limits in this process, first come first served. */
export function createRateLimiter(
  limits: Pick<XeroLimits, 'perMinute' | 'concurrent' | 'windowMs'>,
): XeroRateLimiter {
  const tenants = new Map<string, TenantQueue>();

  const queueOf = (tenantId: string): TenantQueue => {
    let q = tenants.get(tenantId);
    if (!q) {
      q = { inFlight: 0, starts: [], pausedUntil: 0, waiting: [], timer: null };
      tenants.set(tenantId, q);
    }
    return q;
  };

  function wakeAt(q: TenantQueue, at: number): void {
    if (q.timer) clearTimeout(q.timer);
    q.timer = setTimeout(() => pump(q), Math.max(1, at - Date.now()));
  }

  function pump(q: TenantQueue): void {
    if (q.timer) clearTimeout(q.timer);
    q.timer = null;
    while (q.waiting.length > 0) {
      const now = Date.now();
      if (q.pausedUntil > now) {
        wakeAt(q, q.pausedUntil);
        return;
      }
      q.starts = q.starts.filter((s) => s.at > now - limits.windowMs);
      if (q.inFlight >= limits.concurrent) return; // a release pumps again
      if (q.starts.length >= limits.perMinute) {
        wakeAt(q, Math.min(...q.starts.map((s) => s.at)) + limits.windowMs);
        return;
      }
      q.inFlight += 1;
      const started = { at: now };
      q.starts.push(started);
      (q.waiting.shift() as (started: { at: number }) => void)(started);
    }
  }

  return {
    acquire(tenantId) {
      const q = queueOf(tenantId);
      return new Promise((resolve) => {
        let released = false;
        q.waiting.push((started: { at: number }) =>
          resolve(() => {
            if (released) return;
            released = true;
            started.at = Date.now();
            q.inFlight -= 1;
            pump(q);
          }),
        );
        pump(q);
      });
    },
    pause(tenantId, ms) {
      const q = queueOf(tenantId);
      q.pausedUntil = Math.max(q.pausedUntil, Date.now() + ms);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes } from './mail.table.ts';
import {
  connectImap,
  exclusivePass,
  LeaseLostError,
  MailSyncError,
  renewLease,
  type SyncResult,
  SyncStoppedError,
  syncMailbox,
} from './mail-sync.ts';

/**
 * The background sync (decision 0014). A lease in `mailboxes` (`sync_owner`, `sync_lease_until`)
 * gives each mailbox to one process at a time without a transaction held open: the holder renews
 * it while it lives, and a crashed holder's lease runs out, so another process takes over. The
 * holder runs a pass, then keeps an IDLE connection on INBOX and runs a pass on EXISTS, or every
 * `MAIL_POLL_SECONDS` (a server without IDLE, a dropped connection, the Sent folder). The jobs
 * platform's timer (`mail-sync`, started by `server.ts` only) claims the mailboxes no live process
 * holds; tests drive `tick()` themselves.
 */

export const MAIL_SYNC_JOB = 'mail-sync';
/** How long a lease holds unless renewed; the holder renews it every third of that. */
export const MAIL_LEASE_MS = 120_000;

export interface MailSyncAgent {
  /** This process's name in `sync_owner`. */
  readonly owner: string;
  /** Claims every enabled mailbox whose lease is free (or this process's) and keeps it synced. */
  tick(): Promise<void>;
  /** The mailboxes this process holds. */
  held(): number[];
  /** Stops watching, gives the leases back and waits for the passes under way. */
  stop(): Promise<void>;
}

export interface MailSyncAgentOptions {
  owner?: string;
  leaseMs?: number;
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Told of each background pass (tests wait on it). */
  onPass?: (mailboxId: number, outcome: SyncResult | Error) => void;
}

interface Holding {
  wake: () => void;
  stop: () => void;
  done: Promise<void>;
}

export function createMailSyncAgent(deps: MailDeps, opts: MailSyncAgentOptions): MailSyncAgent {
  const owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? MAIL_LEASE_MS;
  const { db, log } = { db: deps.db, log: opts.log };
  const holdings = new Map<number, Holding>();
  let stopped = false;

  async function claim(mailboxId: number): Promise<boolean> {
    const rows = await db
      .update(mailboxes)
      .set({ sync_owner: owner, sync_lease_until: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(
          eq(mailboxes.id, mailboxId),
          eq(mailboxes.enabled, true),
          or(
            isNull(mailboxes.sync_owner),
            eq(mailboxes.sync_owner, owner),
            isNull(mailboxes.sync_lease_until),
            lt(mailboxes.sync_lease_until, sql`now()`),
          ),
        ),
      )
      .returning({ id: mailboxes.id });
    return rows.length > 0;
  }

  async function release(mailboxId: number) {
    await db
      .update(mailboxes)
      .set({ sync_owner: null, sync_lease_until: null })
      .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.sync_owner, owner)))
      .catch((err: unknown) => log.warn({ err, mailboxId }, 'mail sync: lease not given back'));
  }

  /** An IDLE connection on INBOX that calls `wake` on EXISTS; null when the server cannot be reached. */
  async function watch(mailboxId: number, wake: () => void): Promise<ImapFlow | null> {
    const [box] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
    if (!box) return null;
    try {
      const client = await connectImap(box, deps.secrets.open(box.imap_password_enc), {
        // IDLE is ended and restarted now and then: servers drop an IDLE after about 30 minutes.
        // A server without IDLE is polled with NOOP instead, which also reports EXISTS.
        maxIdleTime: 5 * 60_000,
        socketTimeout: 10 * 60_000,
      });
      client.on('exists', wake);
      await client.mailboxOpen('INBOX', { readOnly: true });
      // Runs until the connection closes (no other command is ever sent on it).
      void client.idle().catch(() => {});
      return client;
    } catch {
      return null; // the pass records why; polling carries on
    }
  }

  function hold(mailboxId: number): Holding {
    let wakeUp: (() => void) | null = null;
    let pending = true; // the first pass runs at once
    let halted = false;
    const abort = new AbortController();
    const wake = () => {
      pending = true;
      wakeUp?.();
    };
    const holding: Holding = {
      wake,
      stop: () => {
        halted = true;
        abort.abort();
        wakeUp?.();
      },
      done: Promise.resolve(),
    };
    holding.done = (async () => {
      let idle: ImapFlow | null = null;
      const renewer = setInterval(() => {
        void renewLease(db, mailboxId, owner, leaseMs)
          .then((mine) => {
            if (!mine) holding.stop();
          })
          .catch((err: unknown) => log.warn({ err, mailboxId }, 'mail sync: lease not renewed'));
      }, leaseMs / 3);
      renewer.unref();
      try {
        while (!halted) {
          // Watching starts before the pass: what arrives after the pass looked is announced.
          if (!idle?.usable) {
            idle?.close();
            idle = await watch(mailboxId, wake);
          }
          if (pending && !halted) {
            pending = false;
            try {
              const result = await exclusivePass(db, mailboxId, () =>
                syncMailbox(deps, mailboxId, { lease: { owner, ms: leaseMs }, signal: abort.signal }),
              );
              opts.onPass?.(mailboxId, result);
            } catch (err) {
              opts.onPass?.(mailboxId, err as Error);
              if (err instanceof LeaseLostError || err instanceof SyncStoppedError) break;
              if (!(err instanceof MailSyncError)) log.error({ err, mailboxId }, 'mail sync failed');
            }
          }
          if (pending || halted) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              pending = true;
              resolve();
            }, opts.pollMs);
            timer.unref();
            wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeUp = null;
        }
      } finally {
        clearInterval(renewer);
        idle?.close();
        holdings.delete(mailboxId);
        await release(mailboxId);
      }
    })();
    return holding;
  }

  return {
    owner,
    async tick() {
      if (stopped) return;
      const boxes = await db.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.enabled, true));
      for (const { id } of boxes) {
        if (stopped || holdings.has(id)) continue;
        if (await claim(id)) holdings.set(id, hold(id));
      }
    },
    held: () => [...holdings.keys()],
    async stop() {
      stopped = true;
      const all = [...holdings.values()];
      for (const h of all) h.stop();
      await Promise.allSettled(all.map((h) => h.done));
    },
  };
}

/** Declares the mailbox sync (polling, IDLE) with the jobs platform. */
export function registerMailSync(app: App, deps: MailDeps): void {
  const agent = createMailSyncAgent(deps, { pollMs: deps.config.mailPollSeconds * 1000, log: app.log });
  // The job's own transaction only starts the claims: a pass never runs inside it (network I/O).
  deps.jobs.every(MAIL_SYNC_JOB, deps.config.mailPollSeconds * 1000, async () => {
    void agent.tick().catch((err: unknown) => app.log.error({ err }, 'mail sync: claiming mailboxes failed'));
  });
  app.addHook('onClose', () => agent.stop());
}

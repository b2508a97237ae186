import { XERO_SYNC_SUCCESS, type XeroSyncKind } from '@app/shared';
import { afterCommit } from '../../db/after-commit.ts';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { XeroApiError, XeroNotConnectedError } from './xero-api.ts';
import { runContactsSync } from './xero-contacts.sync.ts';
import { runInvoicesPush } from './xero-invoices.push.ts';
import type { XeroSyncContext, XeroSyncStep } from './xero-sync.context.ts';
import { xeroSyncRepository as repo, type XeroSyncRunRow } from './xero-sync.repository.ts';

export const XERO_SYNC_JOB = 'xero-sync';
/** How long a run stays this process's without a sign of life; renewed on progress and by a heartbeat. */
export const XERO_SYNC_LEASE_MS = 60_000;
const HEARTBEAT_MS = XERO_SYNC_LEASE_MS / 3;

const STEPS: Record<XeroSyncKind, XeroSyncStep> = {
  contacts: runContactsSync,
  invoices: runInvoicesPush,
};

/** The run is no longer this process's (another took it over, or the app is closing). */
class RunReleased extends Error {
  constructor(readonly reason: 'lost' | 'stopping') {
    super(`sync run released: ${reason}`);
  }
}

/** How a run that ended `done` says how it went (spec 4: exactly 'Xero sync success;' when nothing failed). */
export function doneMessage(failed: number, done: number): string {
  if (failed === 0) return XERO_SYNC_SUCCESS;
  return `Xero sync finished: ${failed} of ${done} record${done === 1 ? '' : 's'} could not be synced (see each one's error).`;
}

/** Why a run could not go on. */
export function failedMessage(err: unknown): string {
  if (err instanceof XeroNotConnectedError) return err.message;
  if (err instanceof XeroApiError) return `Xero sync stopped: ${err.message}`;
  const cause = (err as { cause?: { message?: string; code?: string } })?.cause;
  const text = (err as Error)?.message ?? String(err);
  if (text === 'fetch failed')
    return `Xero sync stopped: Xero could not be reached (${cause?.code ?? cause?.message ?? text}).`;
  return `Xero sync stopped: ${text}`;
}

export interface XeroSyncWorker {
  /** Works every claimable run, in the background; a kick while working makes it look again after. */
  kick(): void;
  stop(): void;
}

const workers = new WeakMap<XeroDeps, XeroSyncWorker>();

/** The one worker of these deps (the routes and the job share it). */
export function xeroSyncWorker(deps: XeroDeps): XeroSyncWorker {
  let worker = workers.get(deps);
  if (!worker) {
    worker = createWorker(deps);
    workers.set(deps, worker);
  }
  return worker;
}

function createWorker(deps: XeroDeps): XeroSyncWorker {
  const { db } = deps;
  let working = false;
  let again = false;
  let stopping = false;
  const leaseUntil = () => new Date(Date.now() + XERO_SYNC_LEASE_MS);

  async function work(run: XeroSyncRunRow): Promise<void> {
    const owner = deps.processId;
    let lost = false;
    const guard = (ok: boolean) => {
      if (!ok) lost = true;
      if (lost) throw new RunReleased('lost');
      if (stopping) throw new RunReleased('stopping');
    };
    // Keeps the lease while a step waits (a 429's Retry-After) without progress to report.
    const heartbeat = setInterval(() => {
      void repo
        .renew(db, run.id, owner, leaseUntil())
        .then((ok) => {
          if (!ok) lost = true;
        })
        .catch((err: unknown) => deps.log.warn({ err, run: run.id }, 'xero sync: lease renewal failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const ctx: XeroSyncContext = {
      deps,
      runId: run.id,
      now: () => new Date(),
      async progress(delta) {
        guard(await repo.progress(db, run.id, owner, delta, leaseUntil()));
      },
      async fail(error) {
        guard(await repo.addError(db, run.id, owner, error, leaseUntil()));
      },
      async checkpoint() {
        guard(await repo.renew(db, run.id, owner, leaseUntil()));
      },
    };
    try {
      await STEPS[run.kind as XeroSyncKind](ctx);
      const ended = await repo.find(db, run.id);
      const row = ended?.row;
      if (row) await repo.finish(db, run.id, owner, 'done', doneMessage(row.failed, row.done), new Date());
    } catch (err) {
      if (err instanceof RunReleased || lost) {
        // Closing: the run goes back to the queue so the next start takes it up at once.
        if (err instanceof RunReleased && err.reason === 'stopping') await repo.requeue(db, run.id, owner);
        return;
      }
      deps.log.warn({ err, run: run.id, kind: run.kind }, 'xero sync run failed');
      await repo.finish(db, run.id, owner, 'failed', failedMessage(err).slice(0, 2000), new Date());
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop(): Promise<void> {
    try {
      do {
        again = false;
        while (!stopping) {
          const run = await repo.claim(db, deps.processId, new Date(), leaseUntil());
          if (!run) break;
          await work(run);
        }
      } while (again && !stopping);
    } finally {
      working = false;
    }
  }

  return {
    kick() {
      if (stopping) return;
      if (working) {
        again = true;
        return;
      }
      working = true;
      deps.background.run('xero sync', loop);
    },
    stop() {
      stopping = true;
    },
  };
}

/**
 * Runs survive a restart: the app's start takes up a claimable run (queued, or running under a
 * lease that ran out), and so does a periodic job. The job only looks inside its transaction and
 * hands the work to the background after its commit: no call to Xero inside a transaction.
 */
export function registerXeroSync(app: App, deps: XeroDeps): void {
  const worker = xeroSyncWorker(deps);
  app.addHook('onReady', async () => {
    if (await repo.hasClaimable(deps.db, new Date())) worker.kick();
  });
  deps.jobs.every(XERO_SYNC_JOB, 30_000, async ({ tx, now }) => {
    if (await repo.hasClaimable(tx, now)) afterCommit(tx, () => worker.kick());
  });
  app.addHook('onClose', async () => worker.stop());
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { commitHooksSettled } from '../db/after-commit.ts';
import type { Db, Tx } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (deadline reminders, ...): `server.ts` starts their timers; tests call `runNow`. */
    jobs: Jobs;
  }
}

/** What a job's run receives. It works in `tx` only: on PGlite another executor would deadlock. */
export interface JobContext {
  tx: Tx;
  /** The clock of this run (tests pass their own). */
  now: Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
export type JobRun = (ctx: JobContext) => Promise<void>;

/** `busy`: another process (or run) holds the job; `recent`: another process ran it within the interval. */
export type JobOutcome = 'ran' | 'busy' | 'recent' | 'failed';

export interface Jobs {
  /** Declares a job; modules call it from `register`. Names are unique. */
  every(name: string, intervalMs: number, run: JobRun): void;
  /** Starts the timers (the server process only; tests and benches never start them). */
  start(options?: { firstRunAfterMs?: number; spreadMs?: number }): void;
  /** Runs one job now, under its lock but whenever it last ran. */
  runNow(name: string, options?: { now?: Date }): Promise<JobOutcome>;
  /**
   * Clears the timers and waits for runs under way (and the work their commits queued, such as
   * publishing notifications), for `stopWaitMs` at most; called when the app closes.
   */
  stop(): Promise<void>;
  names(): string[];
}

/** A run's statements are cancelled after this long (`statement_timeout`), so a hung one fails instead of holding its lock. */
export const JOB_STATEMENT_TIMEOUT_MS = 60_000;
/** How long `stop()` waits for runs under way before the app closes without them. */
export const JOB_STOP_WAIT_MS = 65_000;

/** The first key of the two-key advisory locks of jobs (apart from the migration's one-key lock). */
const JOB_LOCK_SPACE = 7_270_013;

/** FNV-1a of the name as a signed 32-bit integer: the second key of the job's lock. */
export function jobLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

interface JobEntry {
  name: string;
  intervalMs: number;
  run: JobRun;
  timer: NodeJS.Timeout | null;
}

/**
 * Jobs that survive a restart and run once with several processes (ARCHITECTURE.md, "Realtime and
 * scale-out"). Each run is one transaction that first takes a transaction-level advisory lock on
 * the job's name (`pg_try_advisory_xact_lock`): a second process finds it taken and skips, and the
 * lock goes with the commit or rollback, so a crashed run never leaves it held. `job_runs` keeps
 * each job's last start, finish and error; a timer's run is skipped when another process started
 * the job within 90% of the interval, so the processes share the work instead of repeating it.
 * What a run writes commits with its `job_runs` row; the work itself must be idempotent (the
 * reminders key what they sent in `reminders_sent`), because a run that fails is retried whole.
 * Each statement of a run is bounded (`SET LOCAL statement_timeout`, the run's transaction only):
 * a run stuck on a lock or a runaway query fails and is retried, and `stop()` waits a bounded time.
 */
export function createJobs({
  db,
  log,
  onOutcome,
  statementTimeoutMs = JOB_STATEMENT_TIMEOUT_MS,
  stopWaitMs = JOB_STOP_WAIT_MS,
}: {
  db: Db;
  log: JobContext['log'];
  /** Told of every run's outcome (tests watch the timers through it). */
  onOutcome?: (name: string, outcome: JobOutcome) => void;
  statementTimeoutMs?: number;
  stopWaitMs?: number;
}): Jobs {
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs <= 0)
    throw new Error('statementTimeoutMs must be a positive whole number');
  const jobs = new Map<string, JobEntry>();
  const running = new Set<Promise<JobOutcome>>();
  let started = false;
  let stopped = false;

  async function execute(job: JobEntry, now: Date, skipIfRecent: boolean): Promise<JobOutcome> {
    const startedAt = new Date();
    try {
      return await db.transaction(async (tx) => {
        // SET takes no parameters; the value is a checked whole number.
        await tx.execute(sql.raw(`set local statement_timeout = ${statementTimeoutMs}`));
        const locked = await tx.execute(
          sql`select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}::int, ${jobLockKey(job.name)}::int) as ok`,
        );
        if (!(locked as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok) return 'busy';
        if (skipIfRecent) {
          const last = await tx.execute(
            sql`select last_started_at from job_runs where name = ${job.name}
              and last_started_at > ${new Date(startedAt.getTime() - job.intervalMs * 0.9).toISOString()}::timestamptz`,
          );
          if ((last as unknown as { rows: unknown[] }).rows.length > 0) return 'recent';
        }
        await tx.execute(
          sql`insert into job_runs (name, last_started_at) values (${job.name}, ${startedAt.toISOString()}::timestamptz)
            on conflict (name) do update set last_started_at = excluded.last_started_at`,
        );
        await job.run({ tx, now, log });
        await tx.execute(
          sql`update job_runs set last_finished_at = ${new Date().toISOString()}::timestamptz, last_error = null
            where name = ${job.name}`,
        );
        return 'ran';
      });
    } catch (err) {
      log.error({ err, job: job.name }, 'job failed');
      // The run's transaction is gone: the failure is written on its own.
      // A failed query's own words ('canceling statement due to statement timeout') are in its cause.
      const cause = (err as { cause?: unknown })?.cause;
      const message = String((cause instanceof Error ? cause : (err as Error))?.message ?? err).slice(0, 500);
      await db
        .execute(
          sql`insert into job_runs (name, last_started_at, last_error)
            values (${job.name}, ${startedAt.toISOString()}::timestamptz, ${message})
            on conflict (name) do update set last_started_at = excluded.last_started_at, last_error = excluded.last_error`,
        )
        .catch((e: unknown) => log.error({ err: e, job: job.name }, 'job failure not recorded'));
      return 'failed';
    }
  }

  function track(name: string, run: Promise<JobOutcome>): Promise<JobOutcome> {
    const outcome = run.then((o) => {
      onOutcome?.(name, o);
      return o;
    });
    running.add(outcome);
    void outcome.finally(() => running.delete(outcome));
    return outcome;
  }

  function schedule(job: JobEntry, delayMs: number): void {
    if (stopped) return;
    job.timer = setTimeout(() => {
      job.timer = null;
      void track(job.name, execute(job, new Date(), true)).finally(() => schedule(job, job.intervalMs));
    }, delayMs);
    // A timer never keeps the process (or a test run) alive.
    job.timer.unref();
  }

  return {
    every(name, intervalMs, run) {
      if (jobs.has(name)) throw new Error(`job ${name} is declared twice`);
      if (!(intervalMs > 0)) throw new Error(`job ${name} needs a positive interval`);
      const job: JobEntry = { name, intervalMs, run, timer: null };
      jobs.set(name, job);
      if (started) schedule(job, job.intervalMs);
    },

    start({ firstRunAfterMs = 15_000, spreadMs = 1_000 } = {}) {
      if (started || stopped) return;
      started = true;
      // The first runs come soon after a start (a restart catches up), spread a little apart.
      let i = 0;
      for (const job of jobs.values())
        schedule(job, Math.min(job.intervalMs, firstRunAfterMs + spreadMs * i++));
    },

    runNow(name, options = {}) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      return track(name, execute(job, options.now ?? new Date(), false));
    },

    async stop() {
      stopped = true;
      for (const job of jobs.values()) {
        if (job.timer) clearTimeout(job.timer);
        job.timer = null;
      }
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), stopWaitMs);
      });
      const settled = (async () => {
        while (running.size) await Promise.allSettled([...running]);
        await commitHooksSettled(db);
        return 'done' as const;
      })();
      try {
        if ((await Promise.race([settled, bound])) === 'late')
          log.warn(
            { jobs: running.size, waitedMs: stopWaitMs },
            'jobs still running at stop: closing without them',
          );
      } finally {
        clearTimeout(timer);
      }
    },

    names: () => [...jobs.keys()],
  };
}

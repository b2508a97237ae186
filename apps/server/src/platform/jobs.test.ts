import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { onPostgres } from '../test/env.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createJobs, type JobOutcome, jobLockKey } from './jobs.ts';

let t: TestContext;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface JobRunRow {
  last_started_at: Date | string | null;
  last_finished_at: Date | string | null;
  last_error: string | null;
}
const jobRun = async (name: string) =>
  (
    await queryRows<JobRunRow>(
      t.database.db,
      sql`select last_started_at, last_finished_at, last_error from job_runs where name = ${name}`,
    )
  )[0];

/** A promise with its resolver, to hold a run open or wait for a timer's run without sleeping. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('background jobs', () => {
  it('runs a job in a transaction of its own, with the clock given, and records its run', async () => {
    const seen: Date[] = [];
    t.app.jobs.every('test-records', 60_000, async ({ tx, now }) => {
      seen.push(now);
      await tx.execute(sql`select 1`);
    });
    const now = new Date('2030-05-01T10:00:00Z');
    expect(await t.app.jobs.runNow('test-records', { now })).toBe('ran');
    expect(seen).toEqual([now]);
    const row = await jobRun('test-records');
    expect(row?.last_started_at).toBeTruthy();
    expect(row?.last_finished_at).toBeTruthy();
    expect(row?.last_error).toBeNull();
  });

  it('rolls back what a failed run wrote and records the error', async () => {
    t.app.jobs.every('test-fails', 60_000, async ({ tx }) => {
      await tx.execute(sql`insert into job_runs (name) values ('written-by-failed-run')`);
      throw new Error('mailbox unreachable');
    });
    expect(await t.app.jobs.runNow('test-fails')).toBe('failed');
    expect(await jobRun('written-by-failed-run')).toBeUndefined();
    expect((await jobRun('test-fails'))?.last_error).toBe('mailbox unreachable');
  });

  it('refuses a job declared twice and a run of an unknown job', async () => {
    t.app.jobs.every('test-twice', 1000, async () => {});
    expect(() => t.app.jobs.every('test-twice', 1000, async () => {})).toThrow(/declared twice/);
    expect(() => t.app.jobs.runNow('no-such-job')).toThrow(/no job named/);
  });

  it('runs on its timer, and skips a timer run when another process started the job within the interval', async () => {
    const outcomes: Array<[string, JobOutcome]> = [];
    const firstTimerRun = gate();
    const jobs = createJobs({
      db: t.database.db,
      log: quiet,
      onOutcome: (name, outcome) => {
        outcomes.push([name, outcome]);
        if (outcomes.length === 2) firstTimerRun.open();
      },
    });
    let runs = 0;
    jobs.every('test-timer-fresh', 3_600_000, async () => {
      runs++;
    });
    jobs.every('test-timer-recent', 3_600_000, async () => {
      runs += 100;
    });
    // another process started "recent" a minute ago
    await t.database.db.execute(
      sql`insert into job_runs (name, last_started_at) values ('test-timer-recent', now() - interval '1 minute')`,
    );
    jobs.start({ firstRunAfterMs: 0, spreadMs: 0 });
    await firstTimerRun.promise;
    await jobs.stop();
    expect(outcomes.sort()).toEqual([
      ['test-timer-fresh', 'ran'],
      ['test-timer-recent', 'recent'],
    ]);
    expect(runs).toBe(1);
  });

  it('waits for a run under way when it stops', async () => {
    const jobs = createJobs({ db: t.database.db, log: quiet });
    const started = gate();
    const release = gate();
    let finished = false;
    jobs.every('test-stop', 60_000, async () => {
      started.open();
      await release.promise;
      finished = true;
    });
    const run = jobs.runNow('test-stop');
    await started.promise;
    const stopping = jobs.stop();
    release.open();
    await stopping;
    expect(finished).toBe(true);
    expect(await run).toBe('ran');
  });

  it('stops waiting for a run that hangs after the bound, and says so', async () => {
    const warnings: unknown[] = [];
    const jobs = createJobs({
      db: t.database.db,
      log: { ...quiet, warn: (o: unknown) => warnings.push(o) },
      stopWaitMs: 50,
    });
    const started = gate();
    const never = gate();
    jobs.every('test-hangs', 60_000, async () => {
      started.open();
      await never.promise;
    });
    const run = jobs.runNow('test-hangs');
    await started.promise;
    await jobs.stop();
    expect(warnings).toEqual([{ jobs: 1, waitedMs: 50 }]);
    // let it end, or the test's database would stay held (PGlite has one connection)
    never.open();
    expect(await run).toBe('ran');
  });

  it("bounds each statement of a run (the run's transaction only)", async () => {
    const jobs = createJobs({ db: t.database.db, log: quiet, statementTimeoutMs: 1234 });
    let inRun = '';
    jobs.every('test-timeout-setting', 60_000, async ({ tx }) => {
      inRun = (await queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`))[0]!
        .statement_timeout;
    });
    expect(await jobs.runNow('test-timeout-setting')).toBe('ran');
    expect(inRun).toBe('1234ms');
    const outside = await queryRows<{ statement_timeout: string }>(
      t.database.db,
      sql`show statement_timeout`,
    );
    expect(outside[0]!.statement_timeout).toBe('0');
    expect(() => createJobs({ db: t.database.db, log: quiet, statementTimeoutMs: 1.5 })).toThrow(
      /whole number/,
    );
  });

  it('keys each job to its own lock', () => {
    expect(jobLockKey('task-reminders')).not.toBe(jobLockKey('payment-reminders'));
    expect(Number.isInteger(jobLockKey('task-reminders'))).toBe(true);
    expect(Math.abs(jobLockKey('x'.repeat(200)))).toBeLessThanOrEqual(2 ** 31);
  });

  // PGlite has one connection and serialises transactions: only PostgreSQL can hold the lock in one
  // process's transaction while another asks for it.
  describe.runIf(onPostgres)('with several processes (PostgreSQL)', () => {
    it('runs a job in one process at a time: the other finds it busy', async () => {
      const processA = createJobs({ db: t.database.db, log: quiet });
      const processB = createJobs({ db: t.database.db, log: quiet });
      const started = gate();
      const release = gate();
      let runs = 0;
      const job = async () => {
        runs++;
        started.open();
        await release.promise;
      };
      processA.every('test-shared', 60_000, job);
      processB.every('test-shared', 60_000, job);
      const first = processA.runNow('test-shared');
      await started.promise;
      expect(await processB.runNow('test-shared')).toBe('busy');
      release.open();
      expect(await first).toBe('ran');
      expect(runs).toBe(1);
      // the lock went with the commit
      expect(await processB.runNow('test-shared')).toBe('ran');
    });

    it('cancels a statement of a run that outlasts the timeout: the run fails and releases its lock', async () => {
      const errors: unknown[] = [];
      const jobs = createJobs({
        db: t.database.db,
        log: { ...quiet, error: (o: unknown) => errors.push(o) },
        statementTimeoutMs: 100,
      });
      jobs.every('test-stuck', 60_000, async ({ tx }) => {
        await tx.execute(sql`select pg_sleep(30)`);
      });
      const started = Date.now();
      expect(await jobs.runNow('test-stuck')).toBe('failed');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await jobRun('test-stuck'))?.last_error).toMatch(/statement timeout/);
      expect(errors).toHaveLength(1);
    });
  });
});

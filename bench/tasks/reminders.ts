/**
 * The task reminders job on a backlog (issue 13): BENCH_OVERDUE tasks overdue within the last few
 * days (what a run reminds of) and BENCH_HISTORY tasks overdue for months (what an import or a
 * long stop leaves behind; the job's window leaves them out), between BENCH_USERS users. It times
 * the job's first run (one transaction) and, meanwhile, a `select 1` every 20 ms on the same
 * database: on PGlite, with its one connection, that is how long an HTTP request waits behind the
 * run. Then the second run (nothing left to send), and the notifications published on the bus.
 *
 *   npx tsx bench/tasks/reminders.ts                  # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tasks/reminders.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { testConfig } from '../../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { seedPlatform } from '../../apps/server/src/db/seed/platform.seed.ts';
import { sendTaskReminders, TASK_REMINDERS_JOB } from '../../apps/server/src/modules/tasks/task-reminders.ts';
import { createJobs } from '../../apps/server/src/platform/jobs.ts';
import { attachBus, createLocalBus } from '../../apps/server/src/platform/realtime/event-bus.ts';
import { generateUsers } from './generate.ts';

const env = process.env;
const OVERDUE = Number(env.BENCH_OVERDUE ?? 2500);
const HISTORY = Number(env.BENCH_HISTORY ?? 0);
const USERS = Number(env.BENCH_USERS ?? 50);
const NAME = 'task_reminders';

async function open(): Promise<Database> {
  const url = env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists bench_${NAME} with (force)`);
    await admin.query(`create database bench_${NAME}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/bench_${NAME}`;
    return openPostgres(u.toString(), 10);
  }
  const dir = path.join(os.tmpdir(), `bench-${NAME}-pglite`);
  fs.rmSync(dir, { recursive: true, force: true });
  return openPglite(dir);
}

const database = await open();
const db = database.db;
await database.migrate();
const now = new Date();
await seedPlatform({
  db,
  config: testConfig({ DATA_DIR: path.join(os.tmpdir(), `bench-${NAME}-media`) }),
  now,
});
await generateUsers(db, USERS);
// `recent` tasks overdue by 1 hour to 5 days, `old` ones by 10 days to 2 years; open, spread over the users.
await db.execute(sql`
  with staff as (select array_agg(id order by id) as ids from users where email like 'bench-user-%')
  insert into tasks (title, assignee_id, author_id, status, deadline)
  select 'Overdue task #' || n, ids[1 + n % array_length(ids, 1)], ids[1 + (n + 7) % array_length(ids, 1)],
    case when n % 2 = 0 then 'In progress' else 'Not started' end,
    case when n <= ${OVERDUE}::int
      then ${now.toISOString()}::timestamptz - interval '1 hour' - (n % 120) * interval '1 hour'
      else ${now.toISOString()}::timestamptz - interval '10 days' - (n % 720) * interval '1 day' end
  from generate_series(1, ${OVERDUE + HISTORY}::int) as n, staff`);
await db.execute(sql`vacuum analyze tasks`);

const bus = createLocalBus();
attachBus(db, bus);
let published = 0;
let lastPublishAt = 0;
bus.subscribe((e) => {
  if (e.message.type !== 'notification') return;
  published++;
  lastPublishAt = performance.now();
});

const quiet = { info: () => {}, warn: () => {}, error: (o: unknown) => console.error(o) };
const jobs = createJobs({ db, log: quiet });
let sent = { due: 0, overdue: 0 };
jobs.every(TASK_REMINDERS_JOB, 60_000, async (ctx) => {
  sent = await sendTaskReminders(ctx);
});

/** Runs the job while probing the database every 20 ms; answers the run's time and the probes' waits. */
async function timedRun() {
  const waits: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const t0 = performance.now();
      await db.execute(sql`select 1`);
      waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  sent = { due: 0, overdue: 0 };
  const outcome = await jobs.runNow(TASK_REMINDERS_JOB, { now });
  const ranMs = performance.now() - t0;
  running = false;
  await probing;
  // The publishes follow the commit (the counts are read after it).
  const before = published;
  const start = performance.now();
  while (performance.now() - start < 3000) {
    await new Promise((r) => setTimeout(r, 50));
    if (published === before || performance.now() - lastPublishAt > 200) break;
  }
  return {
    outcome,
    sent,
    ranMs,
    publishedMs: lastPublishAt ? lastPublishAt - t0 : 0,
    maxWait: Math.max(0, ...waits),
  };
}

const first = await timedRun();
const notes = (await db.execute(sql`select count(*)::int as n from notifications`)) as unknown as {
  rows: Array<{ n: number }>;
};
const firstPublished = published;
const second = await timedRun();
console.info(
  `Task reminders on ${database.kind}: ${OVERDUE} tasks overdue within 5 days, ${HISTORY} overdue 10 days to 2 years, ${USERS} users`,
);
console.info(
  `  first run:  ${first.outcome} in ${first.ranMs.toFixed(0)} ms (reminded ${first.sent.overdue} overdue, ${notes.rows[0]?.n} notifications, ${firstPublished} published by ${first.publishedMs.toFixed(0)} ms); a query meanwhile waited up to ${first.maxWait.toFixed(0)} ms`,
);
console.info(
  `  second run: ${second.outcome} in ${second.ranMs.toFixed(0)} ms (reminded ${second.sent.overdue}); a query meanwhile waited up to ${second.maxWait.toFixed(0)} ms`,
);
await jobs.stop();
await bus.close();
await database.close();

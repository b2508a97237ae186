/**
 * The server half of a bench: the real app on a database of its own, filled by the bench, run
 * apart from the load generator so the two do not share an event loop. It reports how long it
 * spent on each request (first byte in to last byte out) to its parent over IPC, and can time a
 * function of the bench's choosing in-process (`measure`: the SQL of a route without HTTP).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { seedPlatform } from '../../apps/server/src/db/seed/platform.seed.ts';
import { usersRepository } from '../../apps/server/src/modules/users/users.repository.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';

export type Log = (line: string) => void;

export interface BenchServerOptions<Sample> {
  /** Names the PostgreSQL database (`bench_<name>`) and the PGlite folder. */
  name: string;
  /** Adds what the bench needs unless the database already holds it (BENCH_REUSE=1 keeps it). */
  fill: (db: Db, log: Log) => Promise<void>;
  /** Tables to `vacuum analyze` after filling (autovacuum's work on a live PostgreSQL; PGlite has none). */
  analyze: string[];
  /** What the load generator needs to build its paths, and the size to print. */
  sample: (db: Db) => Promise<Sample>;
  /** Named functions the parent may time in-process (`{type: 'measure', name, runs}`), built from the sample. */
  measures?: (sample: Sample) => Record<string, (db: Db, run: number) => Promise<unknown>>;
}

const env = process.env;
const send = (message: unknown) => process.send?.(message);
export const log: Log = (line) => send({ type: 'log', line });

async function openBenchDatabase(name: string): Promise<Database> {
  const reuse = env.BENCH_REUSE === '1';
  const url = env.DATABASE_URL;
  if (url) {
    const dbName = `bench_${name}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
    if (!reuse && exists) await admin.query(`drop database ${dbName} with (force)`);
    if (!reuse || !exists) await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    return openPostgres(u.toString(), 10);
  }
  const dir = env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), `bench-${name}-pglite`);
  if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
  return openPglite(dir);
}

export async function startBenchServer<Sample>(options: BenchServerOptions<Sample>): Promise<void> {
  const database = await openBenchDatabase(options.name);
  const db = database.db;
  await database.migrate();
  const config = testConfig({ DATA_DIR: path.join(os.tmpdir(), `bench-${options.name}-media`) });
  if ((await usersRepository.countAll(db)) === 0) await seedPlatform({ db, config, now: new Date() });

  await options.fill(db, log);
  const t1 = Date.now();
  for (const table of options.analyze) await db.execute(sql.raw(`vacuum analyze ${table}`));
  log(`vacuum analyze in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  let label = 'warmup';
  const timings = new Map<string, number[]>();
  app.server.on('request', (_req, res) => {
    const started = performance.now();
    const name = label;
    res.on('finish', () => {
      const list = timings.get(name) ?? [];
      list.push(performance.now() - started);
      timings.set(name, list);
    });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = await issueToken(db, 'admin@example.com');
  const sample = await options.sample(db);
  const measures = options.measures?.(sample) ?? {};
  send({ type: 'ready', port, token, engine: database.kind, sample });

  process.on('message', async (message: { type: string; name?: string; runs?: number }) => {
    if (message.type === 'label') {
      label = message.name ?? 'other';
      timings.set(label, []);
      send({ type: 'labelled', name: label });
    } else if (message.type === 'stats') {
      send({ type: 'stats', name: message.name, durations: timings.get(message.name ?? '') ?? [] });
    } else if (message.type === 'measure') {
      const fn = measures[message.name ?? ''];
      const durations: number[] = [];
      for (let run = 0; fn && run < (message.runs ?? 100); run++) {
        const t0 = performance.now();
        await fn(db, run);
        durations.push(performance.now() - t0);
      }
      send({ type: 'measured', name: message.name, durations });
    } else if (message.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
}

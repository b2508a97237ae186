/**
 * The bench's server process: the real app on its own database, filled by generate.ts. It runs
 * apart from the load generator so the two do not share an event loop, and reports how long it
 * spent on each request (from the first byte in to the last byte out) to its parent over IPC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { seedPlatform } from '../../apps/server/src/db/seed/platform.seed.ts';
import { usersRepository } from '../../apps/server/src/modules/users/users.repository.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';
import { directorySize, generateDirectory } from './generate.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 100_000);
const SUPPLIERS = Number(env.BENCH_SUPPLIERS ?? 20_000);
const REUSE = env.BENCH_REUSE === '1';
const BENCH_DB = 'bench_directory';

const send = (message: unknown) => process.send?.(message);
const log = (line: string) => send({ type: 'log', line });

async function openBenchDatabase(): Promise<Database> {
  const url = env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount;
    if (!REUSE && exists) await admin.query(`drop database ${BENCH_DB} with (force)`);
    if (!REUSE || !exists) await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${BENCH_DB}`;
    return openPostgres(u.toString(), 10);
  }
  const dir = env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'bench-directory-pglite');
  if (!REUSE) fs.rmSync(dir, { recursive: true, force: true });
  return openPglite(dir);
}

const database = await openBenchDatabase();
const db = database.db;
await database.migrate();
const config = testConfig({ DATA_DIR: path.join(os.tmpdir(), 'bench-directory-media') });
if ((await usersRepository.countAll(db)) === 0) await seedPlatform({ db, config, now: new Date() });

const size = await directorySize(db);
if (size.clients < CLIENTS || size.suppliers < SUPPLIERS) {
  const t0 = Date.now();
  log(`generating ${CLIENTS} clients and ${SUPPLIERS} suppliers on ${database.kind}...`);
  await generateDirectory(db, { clients: CLIENTS, suppliers: SUPPLIERS, log });
  log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
// PostgreSQL's autovacuum does this on a live server; PGlite has no background workers.
const t1 = Date.now();
for (const table of ['clients', 'suppliers', 'supplier_services', 'users', 'audit_log'])
  await db.execute(sql.raw(`vacuum analyze ${table}`));
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
const sample = (await db.execute(
  // Generated clients only: earlier runs' imports (all named "Person") would skew the search terms.
  sql`select first_name, last_name, email, phone from clients where archived_at is null and (email is null or email not like '%@bench.example') order by id desc limit 300`,
)) as unknown as {
  rows: Array<{ first_name: string; last_name: string; email: string | null; phone: string | null }>;
};
const suppliers = (await db.execute(
  sql`select name from suppliers where archived_at is null order by id desc limit 300`,
)) as unknown as {
  rows: Array<{ name: string }>;
};
const managers = (await db.execute(sql`select id from users where role = 'FO' limit 5`)) as unknown as {
  rows: Array<{ id: number }>;
};
const services = (await db.execute(sql`select id from services limit 10`)) as unknown as {
  rows: Array<{ id: number }>;
};

send({
  type: 'ready',
  port,
  token,
  engine: database.kind,
  size: await directorySize(db),
  sample: {
    clients: sample.rows,
    suppliers: suppliers.rows.map((r) => r.name),
    managers: managers.rows.map((r) => r.id),
    services: services.rows.map((r) => r.id),
  },
});

process.on('message', async (message: { type: string; name?: string }) => {
  if (message.type === 'label') {
    label = message.name ?? 'other';
    timings.set(label, []);
    send({ type: 'labelled', name: label });
  } else if (message.type === 'stats') {
    send({ type: 'stats', name: message.name, durations: timings.get(message.name ?? '') ?? [] });
  } else if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});

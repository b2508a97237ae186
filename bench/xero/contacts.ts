/**
 * Xero contacts sync bench: the first contacts sync of BENCH_CLIENTS clients (plus the demo data's
 * clients and suppliers) into the project's Xero double with Xero's real limits (60 calls a minute,
 * 5 at once per tenant) and BENCH_LATENCY_MS of server time per call, then a second sync with
 * nothing changed, then one after BENCH_CHANGED clients were edited. Prints each sync's time,
 * contacts a second, the calls it made, the most calls in flight and any 429s: the point is that
 * the client keeps within Xero's limits on its own, and that a sync with nothing to do costs
 * almost no calls.
 *
 *   npx tsx bench/xero/contacts.ts                                                   # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/xero/contacts.ts
 *
 * BENCH_CLIENTS (2000), BENCH_CHANGED (100), BENCH_LATENCY_MS (150, about Xero's from Europe);
 * BENCH_DEBUG=1 lists the calls of each sync.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';
import { consent } from '../../apps/server/src/test/xero-double/consent.ts';
import { startXeroDouble } from '../../apps/server/src/test/xero-double/index.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 2000);
const CHANGED = Number(env.BENCH_CHANGED ?? 100);
const LATENCY_MS = Number(env.BENCH_LATENCY_MS ?? 150);

const double = await startXeroDouble();
double.state.faults.latencyMs = LATENCY_MS;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-xero-'));
let dbName: string | null = null;
let databaseUrl = env.DATABASE_URL;
if (databaseUrl) {
  // A scratch database of its own, dropped at the end.
  dbName = `bench_xero_${process.pid}`;
  const admin = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
  await admin.db.execute(sql.raw(`create database ${dbName}`));
  await admin.close();
  const u = new URL(databaseUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  ...double.env,
});
const database = await openDatabase(config);
await prepareDatabase(database, config);
const app = await buildApp({ config, database, logger: false });
await app.ready();

const XSRF = 'bench-xsrf-token-0123456789';
async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token && { authorization: `Token ${token}` }),
    },
    ...(payload !== undefined && { payload: payload as object }),
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

try {
  await database.db.execute(sql`
    insert into clients (first_name, last_name, email, phone, address, city, country, sort_name, search_vector)
    select 'Bench', 'Client ' || g, 'bench.client.' || g || '@example.com', '+44 20 7946 ' || lpad(g::text, 4, '0'),
      g || ' Bench Street', 'London', 'United Kingdom', 'client ' || g || ' bench', to_tsvector('simple', 'bench client ' || g)
    from generate_series(1, ${CLIENTS}) g`);
  const counts = (await database.db.execute(
    sql`select (select count(*) from clients)::int as clients, (select count(*) from suppliers)::int as suppliers`,
  )) as unknown as { rows: Array<{ clients: number; suppliers: number }> };
  const { clients, suppliers } = counts.rows[0]!;

  const token = (
    await call('POST', 'auth/token/login/', undefined, {
      email: 'accountant@example.com',
      password: config.demoPassword,
    })
  ).auth_token as string;
  const { url } = await call('GET', 'xero/auth/', token);
  const back = await consent(double, url, 'allow');
  await call(
    'GET',
    `xero/code/?${new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! })}`,
    token,
  );

  console.info(
    `${database.kind}: ${clients} clients and ${suppliers} suppliers; the double answers each call in ${LATENCY_MS} ms, limits ${double.state.limits.perMinute}/min and ${double.state.limits.concurrent} at once`,
  );

  async function sync(label: string) {
    const callsBefore = double.state.calls.length;
    double.state.maxInFlight = 0;
    const t0 = performance.now();
    let run = await call('GET', 'xero/contacts/', token);
    while (run.status === 'queued' || run.status === 'running') {
      await app.background.idle();
      run = await call('GET', `xero/runs/${run.id}/`, token);
    }
    const seconds = (performance.now() - t0) / 1000;
    const calls = double.state.calls.slice(callsBefore);
    if (env.BENCH_DEBUG) console.info(calls.map((c) => `${c.method} ${c.path} ${c.status}`).join('\n'));
    const limited = calls.filter((c) => c.status === 429).length;
    const sent = run.created + run.updated;
    console.info(
      `${label.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s  created ${run.created}, updated ${run.updated}, pulled ${run.pulled}, failed ${run.failed}` +
        `  ${sent ? `${(sent / seconds).toFixed(0)} contacts/s` : ''}  calls ${calls.length - limited}, 429s ${limited}, most in flight ${double.state.maxInFlight}  "${run.message}"`,
    );
  }

  await sync('first sync');
  await sync('second sync, nothing changed');
  await database.db.execute(
    sql`update clients set phone = '+44 20 7000 ' || lpad(id::text, 4, '0'), version = version + 1 where id in (select id from clients order by id desc limit ${CHANGED})`,
  );
  await sync(`after ${CHANGED} clients changed`);
} finally {
  await app.close();
  await database.close();
  await double.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName && env.DATABASE_URL) {
    const admin = await openDatabase(loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: os.tmpdir() }));
    await admin.db.execute(sql.raw(`drop database if exists ${dbName}`));
    await admin.close();
  }
}

// GET /api/v1/users/me/ under load (autocannon, 50 connections, loopback), next to a bare Fastify
// route answering the same JSON in the same run. Run: npx tsx bench/platform/users-me.ts [seconds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';

const seconds = Number(process.argv[2] ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-users-me-'));
// With BENCH_DATABASE_URL (a server URL), the run uses a scratch PostgreSQL database, dropped at the end.
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = `bench_users_me_${process.pid}`;
if (serverUrl) await adminQuery(serverUrl, `create database ${scratch}`);
const databaseUrl = serverUrl
  ? Object.assign(new URL(serverUrl), { pathname: `/${scratch}` }).toString()
  : undefined;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  NODE_ENV: 'production',
  SEED_DEMO: '1',
  ...(databaseUrl && { DATABASE_URL: databaseUrl }),
});
const database = await openDatabase(config);
await prepareDatabase(database, config);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const xsrf = 'bench-xsrf-token';
const login = await fetch(`${base}/api/v1/auth/token/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
  body: JSON.stringify({ email: 'admin@example.com', password: config.demoPassword }),
});
const { data } = (await login.json()) as { data: { auth_token: string } };
const me = await (
  await fetch(`${base}/api/v1/users/me/`, { headers: { authorization: `Token ${data.auth_token}` } })
).json();

const bare = Fastify({ logger: false });
bare.get('/me', async () => me);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/me`;

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (r.non2xx) throw new Error(`${title}: ${r.non2xx} non-2xx answers`);
  console.info(
    `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests)`,
  );
}

console.info(
  `autocannon, 50 connections, ${seconds} s each, ${database.kind}, node ${process.version}, ${os.cpus().length} cores`,
);
await load('bare Fastify, same JSON', bareUrl);
await load(`GET /api/v1/users/me/ (${database.kind})`, `${base}/api/v1/users/me/`, {
  authorization: `Token ${data.auth_token}`,
});

await app.close();
await bare.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) await adminQuery(serverUrl, `drop database ${scratch} with (force)`);

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

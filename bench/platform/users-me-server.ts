/**
 * The users-me bench's server process: the real app on a scratch database, and a bare Fastify
 * route answering the same JSON, both apart from the load generator so they do not share its event
 * loop. Tells its parent the two URLs and a token over IPC, and cleans up when told to stop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';

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

process.send?.({
  type: 'ready',
  kind: database.kind,
  meUrl: `${base}/api/v1/users/me/`,
  bareUrl: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/me`,
  token: data.auth_token,
  xsrf,
});

process.on('message', async (message: { type: string }) => {
  if (message.type !== 'stop') return;
  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await adminQuery(serverUrl, `drop database ${scratch} with (force)`);
  process.exit(0);
});

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

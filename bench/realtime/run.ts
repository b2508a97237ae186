// Realtime bench (ARCHITECTURE.md, "Realtime and scale-out"; the scale figures).
// 1. One server process holding BENCH_SOCKETS sockets: connect time, the server's memory, and a
//    chat message to a channel of BENCH_MEMBERS members, from the POST to its arrival on every
//    member's socket.
// 2. Two server processes sharing PostgreSQL and Redis, the sockets spread over both (members
//    too): the same message timing, POSTed on process A, so half the members hear it through Redis.
// The servers are `apps/server/src/server.ts` in child processes (as deployed); the idle sockets are
// held by another child (socket-holder.ts); this process holds the members' sockets and POSTs.
// Run: npx tsx bench/realtime/run.ts   (needs PostgreSQL and Redis; see bench/README.md, "Realtime")
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { testConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { seedPlatform } from '../../apps/server/src/db/seed/platform.seed.ts';
import { digest, newSecret } from '../../apps/server/src/platform/crypto.ts';
import { ms, percentile } from '../support/bench-client.ts';

const env = process.env;
const SOCKETS = Number(env.BENCH_SOCKETS ?? 5000);
const MEMBERS = Number(env.BENCH_MEMBERS ?? 50);
const MESSAGES = Number(env.BENCH_MESSAGES ?? 300);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const CONCURRENCY = Number(env.BENCH_CONNECT_CONCURRENCY ?? 100);
const SERVER_URL =
  env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = 'bench_realtime';
const XSRF = 'bench-xsrf-token-0123456789';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
const dbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${DB_NAME}` }).toString();

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** A fresh database with the platform users, SOCKETS - 1 bench users, and a token for everyone. */
async function prepare(): Promise<{ adminToken: string; userIds: number[]; tokens: string[] }> {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const database = await openPostgres(dbUrl, 2);
  await database.migrate();
  await seedPlatform({ db: database.db, config: testConfig(), now: new Date() });
  await database.close();

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const users = await client.query<{ id: number }>(
      `insert into users (name, email, password_hash, role)
       select 'Bench user ' || g, 'bench' || g || '@example.com', 'not-a-hash', 'FO'
       from generate_series(1, $1::int) g order by g returning id`,
      [SOCKETS - 1],
    );
    const userIds = users.rows.map((r) => r.id);
    const tokens = userIds.map(() => newSecret());
    await client.query(
      'insert into auth_tokens (user_id, token_hash) select unnest($1::int[]), unnest($2::text[])',
      [userIds, tokens.map(digest)],
    );
    const adminToken = newSecret();
    await client.query(
      `insert into auth_tokens (user_id, token_hash) select id, $1 from users where email = 'admin@example.com'`,
      [digest(adminToken)],
    );
    return { adminToken, userIds, tokens };
  } finally {
    await client.end();
  }
}

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  socketUrl: string;
}

/** `server.ts` as deployed, with the file-descriptor limit raised to the hard limit. */
function startServer(name: string, redisChannel: string): Promise<Server> {
  const child = spawn(
    'bash',
    ['-c', 'ulimit -n "$(ulimit -Hn)"; exec node --import tsx apps/server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...env,
        DATABASE_URL: dbUrl,
        REDIS_URL,
        REDIS_CHANNEL: redisChannel,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        DATA_DIR: path.join(dataDir, name),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const port = out.match(/localhost:(\d+)/)?.[1];
      if (port && out.includes('Ready in')) {
        child.stdout?.removeAllListeners('data');
        child.stdout?.on('data', (more) => process.stdout.write(`[${name}] ${more}`));
        const base = `http://127.0.0.1:${port}`;
        resolve({ name, child, base, socketUrl: `ws://127.0.0.1:${port}/notifications/` });
      }
    });
    child.once('exit', (code) => reject(new Error(`server ${name} exited with ${code}: ${out}`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

function api(server: Server, token: string, method: string, url: string, body?: unknown) {
  return fetch(`${server.base}/api/v1/${url}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

// --- the crowd (idle sockets) in its own process --------------------------------------------------

const holder = fork(new URL('./socket-holder.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
function fromHolder<T>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: { type: string }) => {
      if (m.type !== type) return;
      holder.off('message', listener);
      resolve(m as T);
    };
    holder.on('message', listener);
  });
}
interface Opened {
  wallMs: number;
  times: number[];
  failed: number;
  errors: string[];
}
async function holdSockets(urls: string[]): Promise<Opened> {
  const opened = fromHolder<Opened>('opened');
  holder.send({ type: 'open', urls, concurrency: CONCURRENCY });
  const result = await opened;
  if (result.failed > 0) console.info(`  ${result.failed} sockets failed: ${result.errors.join('; ')}`);
  return result;
}
async function releaseSockets(): Promise<void> {
  const closed = fromHolder('closed');
  holder.send({ type: 'close' });
  await closed;
}

// --- the members' sockets, here, where the time is taken ------------------------------------------

interface Member {
  ws: WebSocket;
  side: string;
}
type Arrival = (body: string, side: string, at: number) => void;
let onArrival: Arrival = () => {};

function openMember(url: string, side: string): Promise<Member> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as { type: string; data: { body?: string } };
      if (message.type === 'socket.ready') resolve({ ws, side });
      else if (message.type === 'chat.message' && message.data.body) onArrival(message.data.body, side, at);
    });
    ws.once('close', (code) => reject(new Error(`member socket closed with ${code}`)));
    ws.once('error', reject);
  });
}

async function closeMembers(members: Member[]): Promise<void> {
  await Promise.all(
    members.map(
      (m) =>
        new Promise<void>((resolve) => {
          m.ws.removeAllListeners('close');
          m.ws.once('close', () => resolve());
          m.ws.close();
        }),
    ),
  );
}

interface Timing {
  /** POST sent to the last member's socket hearing it. */
  all: number[];
  /** POST sent to its answer. */
  post: number[];
  /** POST sent to each socket's arrival, by the process holding the socket. */
  bySide: Map<string, number[]>;
  lost: number;
}

/** Posts `count` messages one after the other on `via`, each once the previous reached every member. */
async function timeMessages(
  via: Server,
  token: string,
  channelId: number,
  count: number,
  label: string,
): Promise<Timing> {
  const timing: Timing = { all: [], post: [], bySide: new Map(), lost: 0 };
  for (let i = 0; i < count; i++) {
    const body = `${label} message ${i} ${Math.random().toString(36).slice(2)}`;
    let left = MEMBERS;
    const arrivals: Array<[string, number]> = [];
    let done: () => void = () => {};
    const heard = new Promise<void>((resolve) => {
      done = resolve;
    });
    onArrival = (got, side, at) => {
      if (got !== body) return;
      arrivals.push([side, at]);
      left -= 1;
      if (left === 0) done();
    };
    const t0 = performance.now();
    const res = await api(via, token, 'POST', `chat/channels/${channelId}/messages/`, { body });
    const posted = performance.now();
    if (res.status !== 201) throw new Error(`POST message: ${res.status} ${await res.text()}`);
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      heard.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 10_000);
      }),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      timing.lost += 1;
      continue;
    }
    timing.post.push(posted - t0);
    timing.all.push(Math.max(...arrivals.map(([, at]) => at)) - t0);
    for (const [side, at] of arrivals) {
      const list = timing.bySide.get(side) ?? [];
      list.push(at - t0);
      timing.bySide.set(side, list);
    }
  }
  return timing;
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const line = (title: string, list: number[]) => {
  const s = sorted(list);
  return `  ${title.padEnd(52)} p50 ${ms(percentile(s, 0.5)).padStart(6)}  p95 ${ms(percentile(s, 0.95)).padStart(6)}  p99 ${ms(percentile(s, 0.99)).padStart(6)}  max ${ms(s.at(-1) ?? Number.NaN).padStart(6)} ms  (${s.length})`;
};
function report(t: Timing) {
  console.info(line(`POST to every member's socket (${MEMBERS})`, t.all));
  console.info(line('POST answered', t.post));
  for (const [side, list] of t.bySide) console.info(line(`POST to a member's socket held by ${side}`, list));
  if (t.lost) console.info(`  ${t.lost} messages did not reach every member within 10 s`);
}

// --- the run ---------------------------------------------------------------------------------------

const servers: Server[] = [];
try {
  await fromHolder('started');
  console.info(
    `Realtime bench: ${SOCKETS} sockets, a channel of ${MEMBERS}, ${MESSAGES} messages (+${WARMUP} warm-up), PostgreSQL ${DB_NAME}, Redis ${REDIS_URL}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const t0 = performance.now();
  const { adminToken, userIds, tokens } = await prepare();
  console.info(
    `prepared ${SOCKETS - 1} users and tokens in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const redisChannel = `bench:realtime:${process.pid}`;
  const a = await startServer('A', redisChannel);
  servers.push(a);

  // The channel: the admin (who posts) and the first MEMBERS - 1 bench users.
  const created = await api(a, adminToken, 'POST', 'chat/channels/', {
    kind: 'group',
    title: `Bench ${MEMBERS}`,
    users: userIds.slice(0, MEMBERS - 1),
  });
  if (created.status !== 201) throw new Error(`channel: ${created.status} ${await created.text()}`);
  const channelId = ((await created.json()) as { data: { id: number } }).data.id;
  const memberTokens = [adminToken, ...tokens.slice(0, MEMBERS - 1)];
  const crowdTokens = tokens.slice(MEMBERS - 1);
  const url = (server: Server, token: string) => `${server.socketUrl}?token=${token}`;

  // 1. One process.
  console.info(`\n1. One process (A) holding ${SOCKETS} sockets`);
  const idle = rssMb(a.child.pid);
  const crowd1 = await holdSockets(crowdTokens.map((t) => url(a, t)));
  let members = await Promise.all(memberTokens.map((t) => openMember(url(a, t), 'A')));
  const held = rssMb(a.child.pid);
  console.info(
    `  connected ${crowd1.times.length + members.length} sockets; the crowd's ${crowd1.times.length} in ${(crowd1.wallMs / 1000).toFixed(1)} s (${CONCURRENCY} at a time, ${Math.round(crowd1.times.length / (crowd1.wallMs / 1000))}/s)`,
  );
  console.info(line('connect to socket.ready, per socket', crowd1.times));
  console.info(
    `  server A memory (RSS): ${idle.toFixed(0)} MB idle, ${held.toFixed(0)} MB holding them: ${(((held - idle) * 1024) / SOCKETS).toFixed(1)} KB a socket`,
  );
  await timeMessages(a, adminToken, channelId, WARMUP, 'warm-up-1');
  report(await timeMessages(a, adminToken, channelId, MESSAGES, 'one'));
  await closeMembers(members);
  await releaseSockets();

  // 2. Two processes over Redis.
  console.info(`\n2. Two processes (A, B) sharing PostgreSQL and Redis, ${SOCKETS} sockets spread over both`);
  const b = await startServer('B', redisChannel);
  servers.push(b);
  const bIdle = rssMb(b.child.pid);
  const side = (i: number) => (i % 2 === 0 ? a : b);
  const crowd2 = await holdSockets(crowdTokens.map((t, i) => url(side(i), t)));
  members = await Promise.all(memberTokens.map((t, i) => openMember(url(side(i), t), side(i).name)));
  console.info(
    `  connected ${crowd2.times.length + members.length} sockets (${members.filter((m) => m.side === 'A').length} members on A, ${members.filter((m) => m.side === 'B').length} on B) in ${(crowd2.wallMs / 1000).toFixed(1)} s`,
  );
  console.info(
    `  memory (RSS): A ${rssMb(a.child.pid).toFixed(0)} MB, B ${rssMb(b.child.pid).toFixed(0)} MB (B idle: ${bIdle.toFixed(0)} MB)`,
  );
  await timeMessages(a, adminToken, channelId, WARMUP, 'warm-up-2');
  report(await timeMessages(a, adminToken, channelId, MESSAGES, 'two'));
  await closeMembers(members);
  await releaseSockets();
  console.info(
    `\nload average at the end: ${os.loadavg()[0]!.toFixed(1)} (other work on the machine shows in the figures)`,
  );
} finally {
  holder.send({ type: 'exit' });
  for (const server of servers) await stopServer(server);
  await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}

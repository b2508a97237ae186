// GET /api/v1/users/me/ under load (autocannon, 50 connections, loopback), next to a bare Fastify
// route answering the same JSON in the same run. The servers run in a child process
// (users-me-server.ts), so the load generator does not share their event loop.
// Run: npx tsx bench/platform/users-me.ts [seconds]; BENCH_DATABASE_URL=... for PostgreSQL.
import { fork } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 10);

interface Ready {
  type: 'ready';
  kind: string;
  meUrl: string;
  bareUrl: string;
  token: string;
  xsrf: string;
}

const child = fork(new URL('./users-me-server.ts', import.meta.url).pathname, [], {
  execArgv: [
    '--import',
    'tsx',
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (r.non2xx) throw new Error(`${title}: ${r.non2xx} non-2xx answers`);
  console.info(
    `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests)`,
  );
}

console.info(
  `autocannon, 50 connections, ${seconds} s each, ${ready.kind}, node ${process.version}, ${os.cpus().length} cores (server in its own process)`,
);
try {
  await load('bare Fastify, same JSON', ready.bareUrl);
  // As a browser sends it: the token and the XSRF cookie it was given.
  await load(`GET /api/v1/users/me/ (${ready.kind})`, ready.meUrl, {
    authorization: `Token ${ready.token}`,
    cookie: `XSRF-TOKEN=${ready.xsrf}`,
  });
} finally {
  child.send({ type: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
}

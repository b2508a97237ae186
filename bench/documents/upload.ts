/**
 * A 100 MB document upload through the real route (`POST /api/v1/documents/files/`) over loopback
 * HTTP, the body generated and streamed as it is sent (never built whole on either side). The
 * server runs in a process of its own (PGlite in a scratch DATA_DIR, no demo data), which samples
 * its own RSS every 10 ms: the figure that shows the upload is streamed to the blob store rather
 * than held is the server's peak RSS growth during the upload, next to the file's size. Then the
 * file is downloaded back (throughput, and its SHA-256 against the one sent).
 *
 *   npx tsx bench/documents/upload.ts                  # 3 uploads of 100 MB on PGlite
 *   BENCH_RUNS=5 BENCH_MB=100 npx tsx bench/documents/upload.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/documents/upload.ts
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZE = Number(process.env.BENCH_MB ?? 100) * MB;
const CHUNK = 64 * 1024;
const XSRF = 'bench-xsrf-token';
const f = (n: number, d = 1) => n.toFixed(d);

interface Ready {
  port: number;
  token: string;
  folder: number;
  engine: string;
}
interface Memory {
  baselineMb: number;
  peakMb: number;
  /** heapUsed + external (Buffers live there): what holding the file would grow by ~its size. */
  heapBaselineMb: number;
  heapPeakMb: number;
  hwmBeforeMb: number;
  hwmAfterMb: number;
  samples: number;
}

if (process.env.BENCH_DOCUMENTS_SERVER) await serve();
else await measure();

/** The server side: the real app, and an RSS sampler the bench starts and stops around each upload. */
async function serve() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    // the bound is 100 MB; a larger BENCH_MB (to see that the growth does not follow the size) raises it
    DOCUMENT_MAX_BYTES: String(Math.max(SIZE, 100 * MB)),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase(config);
  await prepareDatabase(database, config);
  // No demo data: one BO of our own, signed in without a password check.
  await database.db.execute(
    sql`insert into users (name, email, password_hash, role, type) values ('Bench BO', 'bench-bo@example.com', 'x', 'BO', 'user')`,
  );
  const token = await issueToken(database.db, 'bench-bo@example.com');
  const rows = (await database.db.execute(
    sql`insert into document_folders (name) values (${`Bench ${Date.now()}`}) returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const mb = (bytes: number) => bytes / MB;
  const hwm = () => process.resourceUsage().maxRSS / 1024; // KB to MB
  let sampler: NodeJS.Timeout | null = null;
  let memory: Memory = {
    baselineMb: 0,
    peakMb: 0,
    heapBaselineMb: 0,
    heapPeakMb: 0,
    hwmBeforeMb: 0,
    hwmAfterMb: 0,
    samples: 0,
  };
  const sample = () => {
    const m = process.memoryUsage();
    memory.peakMb = Math.max(memory.peakMb, mb(m.rss));
    memory.heapPeakMb = Math.max(memory.heapPeakMb, mb(m.heapUsed + m.external));
    memory.samples++;
  };
  process.on('message', async (message: { kind: 'start' | 'stop' | 'close' }) => {
    if (message.kind === 'start') {
      global.gc?.();
      const m = process.memoryUsage();
      memory = {
        baselineMb: mb(m.rss),
        peakMb: mb(m.rss),
        heapBaselineMb: mb(m.heapUsed + m.external),
        heapPeakMb: mb(m.heapUsed + m.external),
        hwmBeforeMb: hwm(),
        hwmAfterMb: 0,
        samples: 0,
      };
      sampler = setInterval(sample, 10);
      process.send?.({ kind: 'started' });
    } else if (message.kind === 'stop') {
      if (sampler) clearInterval(sampler);
      sample();
      memory.hwmAfterMb = hwm();
      process.send?.({ kind: 'memory', memory });
    } else {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send?.({
    kind: 'ready',
    ready: {
      port: (app.server.address() as { port: number }).port,
      token,
      folder: rows.rows[0]!.id,
      engine: database.kind,
    } satisfies Ready,
  });
}

/** Deterministic, incompressible-looking bytes (xorshift), `seed` apart per run. */
function* body(size: number, seed: number): Generator<Buffer> {
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let sent = 0; sent < size; sent += CHUNK) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - sent));
    for (let i = 0; i < chunk.length; i += 4) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      chunk.writeUInt32LE(x >>> 0, i);
    }
    yield chunk;
  }
}

async function upload(ready: Ready, name: string, seed: number) {
  const boundary = `----bench-${seed}-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${ready.folder}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request({
    host: '127.0.0.1',
    port: ready.port,
    method: 'POST',
    path: '/api/v1/documents/files/',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + SIZE + tail.length),
      Authorization: `Token ${ready.token}`,
      Cookie: `XSRF-TOKEN=${XSRF}`,
      'X-XSRF-TOKEN': XSRF,
    },
  });
  const answer = once(request, 'response') as Promise<[http.IncomingMessage]>;
  const hash = createHash('sha256');
  const started = performance.now();
  // An answer before the body is sent (a refusal) ends the sending: no drain would come.
  let answered = false;
  void answer.then(() => {
    answered = true;
  });
  request.write(head);
  for (const chunk of body(SIZE, seed)) {
    hash.update(chunk);
    if (!request.write(chunk)) await Promise.race([once(request, 'drain'), answer]);
    if (answered) break;
  }
  if (!answered) request.end(tail);
  const [response] = await answer;
  let text = '';
  for await (const part of response) text += part;
  const ms = performance.now() - started;
  if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${text}`);
  const stored = (JSON.parse(text) as { data: Array<{ id: number; size: number; content_hash: string }> })
    .data[0]!;
  return { ms, stored, sent: hash.digest('hex') };
}

async function download(ready: Ready, id: number) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${ready.port}/api/v1/documents/files/${id}/download/`, {
    headers: { Authorization: `Token ${ready.token}` },
  });
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { ms: performance.now() - started, bytes, hash: hash.digest('hex') };
}

function ask<T>(child: ReturnType<typeof fork>, message: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { kind: string } & Record<string, unknown>) => {
      if (m.kind !== reply) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

async function measure() {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_DOCUMENTS_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m: { ready: Ready }) => resolve(m.ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  console.info(
    `Documents upload: ${RUNS} × ${f(SIZE / MB, 0)} MB through POST /api/v1/documents/files/ over loopback HTTP, ` +
      `${ready.engine}, Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.info(
    'run  upload MB/s  (s)   server RSS before → peak (growth)  heap+external growth  maxRSS before → after  samples  download MB/s  bytes ok',
  );
  const rates: number[] = [];
  const growths: number[] = [];
  const heapGrowths: number[] = [];
  try {
    await runs(child, ready, rates, growths, heapGrowths);
  } finally {
    child.send({ kind: 'close' });
    await once(child, 'exit');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.info(
    `median upload ${f(median(rates))} MB/s; server growth during an upload, RSS: median ${f(median(growths))} MB, ` +
      `max ${f(Math.max(...growths))} MB; heap+external: max ${f(Math.max(...heapGrowths))} MB, ` +
      `for a ${f(SIZE / MB, 0)} MB file (streamed: a small fraction of the file)`,
  );
}

async function runs(
  child: ReturnType<typeof fork>,
  ready: Ready,
  rates: number[],
  growths: number[],
  heapGrowths: number[],
) {
  for (let run = 1; run <= RUNS; run++) {
    await ask(child, { kind: 'start' }, 'started');
    const up = await upload(ready, `bench-${run}.bin`, run);
    const { memory } = await ask<{ memory: Memory }>(child, { kind: 'stop' }, 'memory');
    const down = await download(ready, up.stored.id);
    const ok = up.stored.size === SIZE && up.stored.content_hash === up.sent && down.hash === up.sent;
    const rate = SIZE / MB / (up.ms / 1000);
    const growth = memory.peakMb - memory.baselineMb;
    const heapGrowth = memory.heapPeakMb - memory.heapBaselineMb;
    rates.push(rate);
    growths.push(growth);
    heapGrowths.push(heapGrowth);
    console.info(
      `${String(run).padEnd(4)} ${f(rate).padStart(11)}  ${f(up.ms / 1000, 2).padStart(5)}  ` +
        `${f(memory.baselineMb, 0).padStart(5)} → ${f(memory.peakMb, 0)} MB (+${f(growth)} MB)`.padEnd(35) +
        `+${f(heapGrowth)} MB`.padStart(21) +
        `${f(memory.hwmBeforeMb, 0).padStart(8)} → ${f(memory.hwmAfterMb, 0)} MB`.padEnd(25) +
        `${String(memory.samples).padStart(7)}` +
        `${f(down.bytes / MB / (down.ms / 1000)).padStart(15)}  ${ok ? 'yes' : 'NO'}`,
    );
    if (!ok) process.exitCode = 1;
  }
}

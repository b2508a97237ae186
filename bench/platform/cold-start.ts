// Cold start of `npm start` on PGlite with an existing database: time from spawning the process to
// the first healthy answer of /api/v1/health. Run: npx tsx bench/platform/cold-start.ts [runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 5);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-start-'));
const port = 3900 + Math.floor(Math.random() * 50);

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
      if (performance.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await startOnce();
console.info(`first start (creates the database, migrates, seeds demo data): ${Math.round(first)} ms`);
const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await startOnce());
times.sort((a, b) => a - b);
console.info(
  `cold start with an existing database, ${runs} runs: median ${Math.round(times[Math.floor(runs / 2)]!)} ms, min ${Math.round(times[0]!)} ms, max ${Math.round(times.at(-1)!)} ms`,
);
fs.rmSync(dataDir, { recursive: true, force: true });

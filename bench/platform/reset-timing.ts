/**
 * Password-reset timing: does `POST /auth/password-reset/` answer a known email more slowly than an
 * unknown one? The real app on a scratch PGlite database, over loopback HTTP as a prober would call
 * it; known and unknown emails alternate, each email used once, each call from its own forwarded
 * address so the limits stay out of the way. Prints the median and p90 of both and their gap.
 *
 *   npx tsx bench/platform/reset-timing.ts [calls per side, default 300]
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';

const calls = Number(process.argv[2] ?? 300);

if (process.env.BENCH_RESET_SERVER) {
  await serve();
} else {
  await measure();
}

/** The server side, in a process of its own so its work after an answer does not slow the prober. */
async function serve() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reset-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    TRUST_PROXY: '127.0.0.1',
  });
  const database = await openDatabase(config);
  await prepareDatabase(database, config);
  // One known account per call, so the per-email limit (3 in 15 minutes) never refuses one.
  await database.db.execute(
    sql`insert into users (name, email, password_hash, role, type)
        select 'Bench ' || i, 'known' || i || '@example.com', 'x', 'FO', 'user'
        from generate_series(0, ${calls + 20}) as i`,
  );
  // The real mailer without SMTP_URL (it writes the mail to the log) and an info-level log, as
  // `npm start` runs; the log goes to /dev/null.
  const app = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: fs.createWriteStream('/dev/null') },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/auth/password-reset/`,
  });
  process.on('message', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last links are written after their answer
    const rows = await database.db.execute(sql`select count(*)::int as n from password_reset_tokens`);
    const sent = (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.send?.({ sent });
    process.exit(0);
  });
}

async function measure() {
  const child = fork(fileURLToPath(import.meta.url), [String(calls)], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_RESET_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const xsrf = 'bench-xsrf-token';
  let n = 0;
  async function ask(email: string): Promise<number> {
    n += 1;
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 204) throw new Error(`unexpected ${res.status}`);
    return ms;
  }

  // Warm-up: compile paths, fill caches.
  for (let i = 0; i < 20; i++) {
    await ask(`known${calls + i}@example.com`);
    await ask(`warm-unknown${i}@example.com`);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < calls; i++) {
    // Alternating which goes first, so neither side always follows the other's leftover work.
    if (i % 2) {
      known.push(await ask(`known${i}@example.com`));
      unknown.push(await ask(`unknown${i}@example.com`));
    } else {
      unknown.push(await ask(`unknown${i}@example.com`));
      known.push(await ask(`known${i}@example.com`));
    }
  }

  const quantile = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  };
  const row = (name: string, xs: number[]) =>
    `  ${name.padEnd(14)} median ${quantile(xs, 0.5).toFixed(2)} ms   p90 ${quantile(xs, 0.9).toFixed(2)} ms`;
  console.info(`password reset, ${calls} calls each (PGlite, loopback HTTP, server in its own process):`);
  console.info(row('known email', known));
  console.info(row('unknown email', unknown));
  console.info(`  median gap     ${(quantile(known, 0.5) - quantile(unknown, 0.5)).toFixed(2)} ms`);

  const { sent } = await new Promise<{ sent: number }>((resolve) => {
    child.once('message', (m) => resolve(m as { sent: number }));
    child.send('stop');
  });
  console.info(`  reset links    ${sent} stored (of ${calls + 20} known emails)`);
}

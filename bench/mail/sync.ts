/**
 * Mail sync bench: the first sync of a mailbox of 50,000 messages in a real Dovecot, run in the
 * server process beside the API, while another client keeps searching the client picker
 * (`GET /api/v1/clients/?list=true&search=...`, one call at a time, at most one every
 * BENCH_PICKER_EVERY_MS as someone typing). Prints the sync's messages per
 * second and the picker's p50/p95/max before and during the sync, at the client and in the server.
 *
 *   npx tsx bench/mail/sync.ts                                                      # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/mail/sync.ts
 *
 * BENCH_SYNC_MESSAGES (50000), BENCH_CLIENTS (20000), BENCH_BASELINE (seconds of picker calls
 * before the sync, 5), BENCH_PICKER_EVERY_MS (100; 0 calls flat out), BENCH_REUSE=1 keeps the clients of the last run (the mailbox is always new).
 */
import { forkBenchServer, ms, percentile, type Ready } from '../support/bench-client.ts';

const env = process.env;
const BASELINE_S = Number(env.BENCH_BASELINE ?? 5);
/** A person typing in the picker: a search every this many ms at most (0: one after another, flat out). */
const EVERY_MS = Number(env.BENCH_PICKER_EVERY_MS ?? 100);

interface SyncSample {
  mailboxId: number;
  messages: number;
  clients: number;
  terms: string[];
}

const bench = forkBenchServer(new URL('./sync-server.ts', import.meta.url).pathname);
const { child, next } = bench;
let syncResult: { stored: number } | undefined;
child.on('message', (m: { type: string; line?: string }) => {
  if (m.type === 'log' && m.line?.startsWith('SYNC_RESULT ')) syncResult = JSON.parse(m.line.slice(12));
});
const ready = await next<Ready<SyncSample>>('ready');
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authorization: `Token ${ready.token}` };
const { terms, messages, clients } = ready.sample;
console.info(
  `server ready on ${ready.engine}: ${clients} clients, a mailbox of ${messages} messages in Dovecot`,
);

const q = encodeURIComponent;
let termIndex = 0;
async function pickerCall(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(
    `${base}/api/v1/clients/?list=true&limit=20&search=${q(terms[termIndex++ % terms.length]!)}`,
    {
      headers,
    },
  );
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`picker: ${res.status}`);
  return performance.now() - t0;
}

/** Picker calls one after another until `until` resolves (or for `seconds`); client-side durations. */
async function probe(label: string, until: Promise<unknown>) {
  child.send({ type: 'label', name: label });
  await next('labelled', label);
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const client: number[] = [];
  while (!done) {
    const took = await pickerCall();
    client.push(took);
    if (EVERY_MS > took && !done) await new Promise((resolve) => setTimeout(resolve, EVERY_MS - took));
  }
  child.send({ type: 'stats', name: label });
  const { durations } = await next<{ durations: number[] }>('stats', label);
  return { client: client.sort((a, b) => a - b), server: [...durations].sort((a, b) => a - b) };
}

// Warm-up: every term once.
for (let i = 0; i < terms.length; i++) await pickerCall();

const idle = await probe('picker, idle', new Promise((resolve) => setTimeout(resolve, BASELINE_S * 1000)));
child.send({ type: 'measure', name: 'sync', runs: 1 });
const measured = next<{ durations: number[] }>('measured', 'sync');
const during = await probe('picker, during the sync', measured);
const syncMs = (await measured).durations[0]!;
const stored = syncResult?.stored ?? Number.NaN;

const line = (name: string, r: { client: number[]; server: number[] }) =>
  `  ${name}: ${r.client.length} calls; client p50 ${ms(percentile(r.client, 0.5))} ms, p95 ${ms(percentile(r.client, 0.95))} ms, max ${ms(r.client.at(-1) ?? Number.NaN)} ms; server p95 ${ms(percentile(r.server, 0.95))} ms`;
console.info('');
console.info(
  `Mail sync bench on ${ready.engine} (${clients} clients; ${messages} messages in Dovecot's INBOX)`,
);
console.info(
  `First sync: ${stored} messages stored in ${(syncMs / 1000).toFixed(1)} s = ${(stored / (syncMs / 1000)).toFixed(0)} messages/s (budget >= 200/s)`,
);
console.info('Client picker searches from another client (budget p95 < 100 ms during the sync):');
console.info(line('before the sync', idle));
console.info(line('during the sync', during));

child.send({ type: 'stop' });

/**
 * Mail search bench (issue 14): the mail list over 500,000 stored messages in four offices'
 * mailboxes, as the London office's reader (its mailbox holds 40% of them; privacy by office) and
 * as the Admin (every mailbox): a folder's first page, a search by a sender word, a subject word, a
 * rare text word and a common word. Budget: p95 < 100 ms in the server. Beside each it prints the
 * same call through the messages service alone (its SQL and the driver), one call at a time.
 *
 *   npx tsx bench/mail/search.ts                        # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/mail/search.ts
 *
 * BENCH_MESSAGES (500000), BENCH_CONNECTIONS (4), BENCH_DURATION (seconds per scenario, 5),
 * BENCH_SQL_RUNS (60), BENCH_REUSE=1 keeps the data (a schema change needs fresh data: run without it).
 */
import {
  forkBenchServer,
  ms,
  percentile,
  printTable,
  type Ready,
  runScenarios,
  SCENARIO_HEAD,
} from '../support/bench-client.ts';
import { LIST_CALLS, type MailSample, toQueryString } from './search-filters.ts';

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const SQL_RUNS = Number(env.BENCH_SQL_RUNS ?? 60);
const RUNS_PER_SCENARIO = 24;

const bench = forkBenchServer(new URL('./search-server.ts', import.meta.url).pathname);
const ready = await bench.next<Ready<MailSample>>('ready');
const sample = ready.sample;
const base = `http://127.0.0.1:${ready.port}`;
console.info(
  `server ready on ${ready.engine}: ${sample.messages} messages; the London mailbox ${sample.mailboxMessages}, its INBOX ${sample.inboxMessages}; rare words ${sample.rareWords.join(', ')}; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

const scenarios = LIST_CALLS.map((c) => ({
  name: c.name,
  paths: [],
  requests: Array.from({ length: RUNS_PER_SCENARIO }, (_, run) => ({
    method: 'GET' as const,
    path: `/api/v1/mail/messages/?${toQueryString({ limit: '20', ...c.query(sample, run) })}`,
    headers: { authorization: `Token ${c.as === 'admin' ? ready.token : sample.readerToken}` },
  })),
}));

const rows = await runScenarios(
  bench,
  { base, headers: {}, connections: CONNECTIONS, duration: DURATION },
  scenarios,
);

const sqlRows: string[][] = [];
for (const c of LIST_CALLS) {
  bench.child.send({ type: 'measure', name: c.name, runs: SQL_RUNS });
  const { durations } = await bench.next<{ durations: number[] }>('measured', c.name);
  const sorted = [...durations].sort((a, b) => a - b);
  const route = rows.find((r) => r[0] === c.name);
  sqlRows.push([c.name, ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.95)), route?.[4] ?? '-']);
}

console.info('');
console.info(
  `Mail search bench on ${ready.engine} (${sample.messages} messages, London mailbox ${sample.mailboxMessages}), ${CONNECTIONS} connections, ${DURATION} s each`,
);
printTable(SCENARIO_HEAD, rows);
console.info('');
console.info(`The same calls through the messages service alone (${SQL_RUNS} calls each, one at a time):`);
printTable(['call', 'SQL p50', 'SQL p95', 'route p95 (under load)'], sqlRows);

bench.child.send({ type: 'stop' });

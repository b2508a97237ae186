/**
 * Requests bench (issue 9): with 200,000 requests and 600,000 lines, the list with any one filter
 * (budget p95 < 80 ms in the server), the global search (< 100 ms) and a request's page data
 * (< 30 ms). Beside each list filter it prints the same query's time through the repository alone
 * (SQL and driver, no HTTP, validation or JSON), measured in the server process one call at a time.
 *
 *   npx tsx bench/requests/run.ts                        # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/requests/run.ts
 *
 * BENCH_REQUESTS (200000), BENCH_CLIENTS (20000), BENCH_SUPPLIERS (5000), BENCH_CONNECTIONS (4),
 * BENCH_DURATION (seconds per scenario, 5), BENCH_SQL_RUNS (100), BENCH_REUSE=1 keeps the data.
 */
import {
  forkBenchServer,
  ms,
  percentile,
  printTable,
  type Ready,
  runScenarios,
  SCENARIO_HEAD,
  type Scenario,
} from '../support/bench-client.ts';
import { LIST_FILTERS, type RequestsSample, toQueryString } from './filters.ts';

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const SQL_RUNS = Number(env.BENCH_SQL_RUNS ?? 100);

const bench = forkBenchServer(new URL('./server.ts', import.meta.url).pathname);
const ready = await bench.next<Ready<RequestsSample>>('ready');
const sample = ready.sample;
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authorization: `Token ${ready.token}` };
console.info(
  `server ready on ${ready.engine}: ${sample.requests} requests, ${sample.lines} lines; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

const q = encodeURIComponent;
const list = (query: Record<string, string>) =>
  `/api/v1/requests/?${toQueryString({ limit: '20', ...query })}`;
const searchTerms = [
  ...sample.numbers.slice(0, 40),
  ...sample.clients.map((c) => c.last_name.slice(0, 5)),
  ...sample.suppliers.slice(0, 40).map((n) => n.split(/\s+/)[0]!.slice(0, 5)),
  'savoy',
  'burj al',
  'claridge',
];
const scenarios: Scenario[] = [
  ...LIST_FILTERS.map((f) => ({
    name: `list: ${f.name}`,
    paths: Array.from({ length: 24 }, (_, run) => list(f.query(sample, run))),
  })),
  {
    name: 'global search (requests)',
    paths: searchTerms.map((t) => `/api/v1/search/?type=requests&search=${q(t)}`),
  },
  { name: 'request page data', paths: sample.ids.map((id) => `/api/v1/requests/${id}/`) },
];

const rows = await runScenarios(
  bench,
  { base, headers, connections: CONNECTIONS, duration: DURATION },
  scenarios,
);

// The same list queries through the repository alone, one at a time.
const sqlRows: string[][] = [];
for (const f of LIST_FILTERS) {
  bench.child.send({ type: 'measure', name: f.name, runs: SQL_RUNS });
  const { durations } = await bench.next<{ durations: number[] }>('measured', f.name);
  const sorted = [...durations].sort((a, b) => a - b);
  const route = rows.find((r) => r[0] === `list: ${f.name}`);
  sqlRows.push([f.name, ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.95)), route?.[4] ?? '-']);
}

console.info('');
console.info(
  `Requests bench on ${ready.engine} (${sample.requests} requests, ${sample.lines} lines), ${CONNECTIONS} connections, ${DURATION} s each`,
);
printTable(SCENARIO_HEAD, rows);
console.info('');
console.info(`List queries through the repository alone (${SQL_RUNS} calls each, one at a time):`);
printTable(['filter', 'SQL p50', 'SQL p95', 'route p95 (under load)'], sqlRows);

bench.child.send({ type: 'stop' });

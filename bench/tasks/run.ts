/**
 * Tasks bench (issue 13): with 100,000 tasks between 50 users, the task list with its filters as a
 * user ("mine", "assigned") and as the Admin ("all"): budget p95 < 80 ms in the server. Beside each
 * it prints the same query through the repository alone (SQL and driver), one call at a time.
 *
 *   npx tsx bench/tasks/run.ts                        # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tasks/run.ts
 *
 * BENCH_TASKS (100000), BENCH_USERS (50), BENCH_CONNECTIONS (4), BENCH_DURATION (seconds per
 * scenario, 5), BENCH_SQL_RUNS (100), BENCH_REUSE=1 keeps the data (a schema change needs fresh data:
 * run without it).
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
import { LIST_FILTERS, type TasksSample, toQueryString } from './filters.ts';

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const SQL_RUNS = Number(env.BENCH_SQL_RUNS ?? 100);
const RUNS_PER_SCENARIO = 24;

const bench = forkBenchServer(new URL('./server.ts', import.meta.url).pathname);
const ready = await bench.next<Ready<TasksSample>>('ready');
const sample = ready.sample;
const base = `http://127.0.0.1:${ready.port}`;
console.info(
  `server ready on ${ready.engine}: ${sample.tasks} tasks, ${sample.users} users; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

/** Each call with the token of whoever asks: the "mine" calls rotate over several users. */
const scenarios = LIST_FILTERS.map((f) => ({
  name: f.name,
  paths: [],
  requests: Array.from({ length: RUNS_PER_SCENARIO }, (_, run) => ({
    method: 'GET' as const,
    path: `/api/v1/tasks/?${toQueryString({ limit: '20', ...f.query(sample, run) })}`,
    headers: {
      authorization: `Token ${f.as === 'admin' ? ready.token : sample.people[run % sample.people.length]!.token}`,
    },
  })),
}));

const rows = await runScenarios(
  bench,
  { base, headers: {}, connections: CONNECTIONS, duration: DURATION },
  scenarios,
);

// The same list queries through the repository alone, one at a time.
const sqlRows: string[][] = [];
for (const f of LIST_FILTERS) {
  bench.child.send({ type: 'measure', name: f.name, runs: SQL_RUNS });
  const { durations } = await bench.next<{ durations: number[] }>('measured', f.name);
  const sorted = [...durations].sort((a, b) => a - b);
  const route = rows.find((r) => r[0] === f.name);
  sqlRows.push([f.name, ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.95)), route?.[4] ?? '-']);
}

console.info('');
console.info(
  `Tasks bench on ${ready.engine} (${sample.tasks} tasks, ${sample.users} users), ${CONNECTIONS} connections, ${DURATION} s each`,
);
printTable(SCENARIO_HEAD, rows);
console.info('');
console.info(`List queries through the repository alone (${SQL_RUNS} calls each, one at a time):`);
printTable(['filter', 'SQL p50', 'SQL p95', 'route p95 (under load)'], sqlRows);

bench.child.send({ type: 'stop' });

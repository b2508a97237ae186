/**
 * Accounting bench (issue 10): with 300,000 client invoices and 300,000 bills, Invoices & Bills
 * with no filter, each one filter and a few combined (budget p95 < 80 ms in the server), its
 * per-currency totals (< 250 ms), issuing a 20-line invoice through the API with BENCH_CONNECTIONS
 * issuers contending for one counter (< 100 ms), and the PDF of such an invoice (< 300 ms; with
 * one connection and with BENCH_CONNECTIONS). Beside each list and totals call, the same call
 * through the register service alone (SQL, driver and mapping; no HTTP, validation or JSON), one
 * call at a time in the server process.
 *
 *   npx tsx bench/accounting/run.ts                      # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/accounting/run.ts
 *
 * BENCH_INVOICES (300000), BENCH_BILLS (300000), BENCH_CLIENTS (20000), BENCH_SUPPLIERS (5000),
 * BENCH_ISSUES (invoices issued: half by one issuer, half by BENCH_CONNECTIONS; 400), BENCH_CONNECTIONS (4), BENCH_DURATION (seconds per
 * scenario, 5), BENCH_SQL_RUNS (60),
 * BENCH_REUSE=1 keeps the data of the last run.
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
import { type AccountingSample, REGISTER_FILTERS, TOTALS_FILTERS, toQueryString } from './filters.ts';

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const SQL_RUNS = Number(env.BENCH_SQL_RUNS ?? 60);

const bench = forkBenchServer(new URL('./server.ts', import.meta.url).pathname);
const ready = await bench.next<Ready<AccountingSample>>('ready');
const sample = ready.sample;
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authorization: `Token ${ready.token}` };
console.info(
  `server ready on ${ready.engine}: ${sample.invoices} client invoices, ${sample.bills} bills, ${sample.register} register rows; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

const register = (query: Record<string, string>) =>
  `/api/v1/invoices-and-bills/?${toQueryString({ limit: '20', ...query })}`;
const totals = (query: Record<string, string>) =>
  `/api/v1/invoices-and-bills/totals/?${toQueryString(query)}`;
const scenarios: Scenario[] = [
  ...REGISTER_FILTERS.map((f) => ({
    name: f.name,
    paths: Array.from({ length: 24 }, (_, run) => register(f.query(sample, run))),
  })),
  ...TOTALS_FILTERS.map((f) => ({
    name: f.name,
    paths: Array.from({ length: 24 }, (_, run) => totals(f.query(sample, run))),
  })),
];

const rows = await runScenarios(
  bench,
  { base, headers, connections: CONNECTIONS, duration: DURATION },
  scenarios,
);

/**
 * Issuing 20-line invoices through the API: `connections` issuers in parallel, each taking the next
 * request of the pool, all of one company and year, so they contend for the same counter row.
 */
async function issueScenario(name: string, pool: AccountingSample['pool'], connections: number) {
  bench.child.send({ type: 'label', name });
  await bench.next('labelled', name);
  const xsrf = 'bench-xsrf-0123456789abcdef';
  const post = {
    ...headers,
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
  };
  const queue = [...pool];
  const client: number[] = [];
  const ids: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const issuer = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/client-invoices/`, {
        method: 'POST',
        headers: post,
        body: JSON.stringify({ request: p.request, lines: p.lines }),
      });
      const body = await res.text();
      client.push(performance.now() - t0);
      if (res.status === 201) ids.push((JSON.parse(body) as { data: { id: number } }).data.id);
      else failures.push(`${res.status} ${body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, issuer));
  const seconds = (performance.now() - started) / 1000;
  bench.child.send({ type: 'stats', name });
  const { durations } = await bench.next<{ durations: number[] }>('stats', name);
  const server = [...durations].sort((a, b) => a - b);
  client.sort((a, b) => a - b);
  if (failures.length) console.info(`  ${name}: ${failures.length} failed, first: ${failures[0]}`);
  console.info(`  ${name}: server p95 ${ms(percentile(server, 0.95))} ms`);
  const row = [
    name,
    String(client.length),
    (client.length / seconds).toFixed(0),
    ms(percentile(server, 0.5)),
    ms(percentile(server, 0.95)),
    ms(percentile(server, 0.99)),
    ms(percentile(client, 0.95)),
    String(failures.length),
  ];
  return { row, ids };
}

// One issuer alone (the call's own time), then CONNECTIONS of them contending for the counter.
const half = Math.floor(sample.pool.length / 2);
const alone = await issueScenario('issue a 20-line invoice, 1 issuer', sample.pool.slice(0, half), 1);
const issued = await issueScenario(
  `issue a 20-line invoice, ${CONNECTIONS} issuers`,
  sample.pool.slice(half),
  CONNECTIONS,
);
rows.push(alone.row, issued.row);
const invoiceIds = [...alone.ids, ...issued.ids];
if (invoiceIds.length) {
  const pdfPaths = invoiceIds.map((id) => `/api/v1/client-invoices/${id}/pdf/`);
  for (const connections of [1, CONNECTIONS]) {
    rows.push(
      ...(await runScenarios(bench, { base, headers, connections, duration: DURATION }, [
        { name: `PDF of a 20-line invoice, ${connections} conn.`, paths: pdfPaths },
      ])),
    );
  }
}

const sqlRows: string[][] = [];
for (const f of [...REGISTER_FILTERS, ...TOTALS_FILTERS]) {
  bench.child.send({ type: 'measure', name: f.name, runs: SQL_RUNS });
  const { durations } = await bench.next<{ durations: number[] }>('measured', f.name);
  const sorted = [...durations].sort((a, b) => a - b);
  const route = rows.find((r) => r[0] === f.name);
  sqlRows.push([f.name, ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.95)), route?.[4] ?? '-']);
}

console.info('');
console.info(
  `Accounting bench on ${ready.engine} (${sample.invoices} invoices, ${sample.bills} bills), ${CONNECTIONS} connections, ${DURATION} s each`,
);
printTable(SCENARIO_HEAD, rows);
console.info('');
console.info(`The same calls through the register service alone (${SQL_RUNS} calls each, one at a time):`);
printTable(['call', 'p50', 'p95', 'route p95 (under load)'], sqlRows);

bench.child.send({ type: 'stop' });

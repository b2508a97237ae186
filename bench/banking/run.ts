/**
 * Banking bench (issue 11): with 1,000,000 bank transactions and 300,000 invoices (and 300,000
 * bills) generated, suggestions for a line (`GET transactions/{id}/suggestions/`, p95 < 50 ms in
 * the server), the transactions list with each one filter and a few combined (p95 < 80 ms), the
 * workspace counts (`GET accounting/workspace/`, < 100 ms), and a 10,000-line statement imported
 * (`POST transactions/import/` with commit, until `GET transactions/import/{id}/` says done, < 10 s).
 *
 *   npx tsx bench/banking/run.ts                         # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/banking/run.ts
 *
 * BENCH_TRANSACTIONS (1000000), BENCH_INVOICES (300000), BENCH_BILLS (300000), BENCH_CLIENTS
 * (20000), BENCH_SUPPLIERS (5000), BENCH_CONNECTIONS (4), BENCH_DURATION (seconds per scenario, 5),
 * BENCH_STATEMENT_ROWS (10000), BENCH_REUSE=1 keeps the data of the last run (each run's statement
 * is new: it adds its lines).
 */
import {
  type BenchChild,
  forkBenchServer,
  ms,
  percentile,
  printTable,
  type Ready,
  runScenarios,
  type Scenario,
} from '../support/bench-client.ts';
import {
  type BankingSample,
  LIST_FILTERS,
  SUGGESTION_KINDS,
  type SuggestionKind,
  toQueryString,
} from './filters.ts';
import { STATEMENT_MAPPING, statementCsv } from './statement.ts';

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const STATEMENT_ROWS = Number(env.BENCH_STATEMENT_ROWS ?? 10_000);

const bench = forkBenchServer(new URL('./server.ts', import.meta.url).pathname);
const ready = await bench.next<Ready<BankingSample>>('ready');
const sample = ready.sample;
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authorization: `Token ${ready.token}` };
console.info(
  `server ready on ${ready.engine}: ${sample.transactions} bank transactions (${sample.matched} matched), ${sample.allocations} allocations, ${sample.invoices} client invoices; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

const api = (path: string) => `/api/v1/${path}`;
const suggestionScenarios: Scenario[] = Object.entries(SUGGESTION_KINDS)
  .filter(([kind]) => sample.suggest[kind as SuggestionKind].length)
  .map(([kind, name]) => ({
    name: `suggestions, ${name}`,
    paths: sample.suggest[kind as SuggestionKind].map((id) => api(`transactions/${id}/suggestions/`)),
  }));
const listScenarios: Scenario[] = LIST_FILTERS.map((f) => ({
  name: `list, ${f.name}`,
  paths: Array.from({ length: 24 }, (_, run) =>
    api(`transactions/?${toQueryString({ limit: '20', ...f.query(sample, run) })}`),
  ),
}));
const workspace = { name: `workspace counts, ${CONNECTIONS} conn.`, paths: [api('accounting/workspace/')] };
const workspaceAlone = { name: 'workspace counts, 1 conn.', paths: [api('accounting/workspace/')] };

/** The server's own times of a scenario already run (the bench server keeps them per label). */
async function serverTimes(child: BenchChild, name: string): Promise<number[]> {
  child.child.send({ type: 'stats', name });
  const { durations } = await child.next<{ durations: number[] }>('stats', name);
  return [...durations].sort((a, b) => a - b);
}

const options = { base, headers, connections: CONNECTIONS, duration: DURATION };
const rows = [
  ...(await runScenarios(bench, options, [...suggestionScenarios, ...listScenarios, workspace])),
  ...(await runScenarios(bench, { ...options, connections: 1 }, [workspaceAlone])),
];

// A scenario answering errors: say what the first of its calls answers.
for (const row of rows.filter((r) => Number(r[7]) > 0)) {
  const scenario = [...suggestionScenarios, ...listScenarios, workspace].find((s) => s.name === row[0]);
  const path = scenario?.paths[0];
  if (!path) continue;
  const res = await fetch(`${base}${path}`, { headers });
  console.info(`  ${row[0]}: ${path} answers ${res.status} ${(await res.text()).slice(0, 300)}`);
}

const TARGETS: Array<[string, number]> = [
  ['suggestions', 50],
  ['list', 80],
  ['workspace', 100],
];
const table: string[][] = [];
for (const row of rows) {
  const name = row[0]!;
  const times = await serverTimes(bench, name);
  const target = TARGETS.find(([prefix]) => name.startsWith(prefix))?.[1] ?? Number.NaN;
  const met = Number(row[7]) > 0 ? 'errors' : percentile(times, 0.95) < target ? 'yes' : 'MISSED';
  table.push([
    name,
    row[1]!,
    row[3]!,
    row[4]!,
    ms(times[times.length - 1] ?? Number.NaN),
    row[6]!,
    row[7]!,
    `< ${target}`,
    met,
  ]);
}

/** A statement of STATEMENT_ROWS lines posted with commit, then polled until its import is done. */
async function importStatement(): Promise<string[][]> {
  const xsrf = 'bench-xsrf-0123456789abcdef';
  const post = { ...headers, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const csv = statementCsv({ rows: STATEMENT_ROWS, today: sample.today, openInvoices: sample.openInvoices });
  const form = (commit: boolean) => {
    const f = new FormData();
    f.append('bank', String(sample.importBank));
    f.append('mapping', JSON.stringify(STATEMENT_MAPPING));
    f.append('commit', String(commit));
    f.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-statement.csv');
    return f;
  };
  const url = `${base}${api('transactions/import/')}`;
  const out: string[][] = [];

  const t0 = performance.now();
  const preview = await fetch(url, { method: 'POST', headers: post, body: form(false) });
  const previewBody = (await preview.json()) as { data?: { rows_valid?: number }; rows_valid?: number };
  const previewMs = performance.now() - t0;
  const valid = previewBody.data?.rows_valid ?? previewBody.rows_valid;
  console.info(
    `  preview of ${STATEMENT_ROWS} lines: ${preview.status}, ${valid} valid, ${ms(previewMs)} ms`,
  );
  out.push([
    `statement preview, ${STATEMENT_ROWS} lines`,
    ms(previewMs),
    'report',
    preview.status === 200 ? '-' : `HTTP ${preview.status}`,
  ]);

  const t1 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: post, body: form(true) });
  type Status = {
    id: number;
    status: string;
    rows_imported: number;
    rows_duplicate: number;
    refused: unknown[];
    created_at: string;
    finished_at: string | null;
  };
  const started = (await res.json()) as { data?: Status } & Partial<Status>;
  const job = started.data ?? (started as Status);
  if (res.status !== 202 || !job.id) {
    console.info(`  import refused: ${res.status} ${JSON.stringify(started).slice(0, 300)}`);
    out.push([`statement import, ${STATEMENT_ROWS} lines`, '-', '< 10000', `HTTP ${res.status}`]);
    return out;
  }
  let state = job;
  while (state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const poll = await fetch(`${base}${api(`transactions/import/${job.id}/`)}`, { headers });
    const body = (await poll.json()) as { data?: Status } & Partial<Status>;
    state = body.data ?? (body as Status);
  }
  const wall = performance.now() - t1;
  const server = state.finished_at
    ? Date.parse(state.finished_at) - Date.parse(state.created_at)
    : Number.NaN;
  console.info(
    `  import ${state.status}: ${state.rows_imported} imported, ${state.rows_duplicate} duplicates, ${state.refused.length} refused; ${ms(wall)} ms (job ${ms(server)} ms)`,
  );
  const met =
    state.status !== 'done' || state.rows_imported !== STATEMENT_ROWS
      ? state.status
      : wall < 10_000
        ? 'yes'
        : 'MISSED';
  out.push([
    `statement import, ${STATEMENT_ROWS} lines (job alone ${ms(server)} ms)`,
    ms(wall),
    '< 10000',
    met,
  ]);
  return out;
}
const imported = await importStatement();

console.info('');
console.info(
  `Banking bench on ${ready.engine} (${sample.transactions} transactions, ${sample.allocations} allocations, ${sample.invoices} invoices), ${CONNECTIONS} connections, ${DURATION} s each; times in ms`,
);
printTable(
  [
    'scenario',
    'requests',
    'server p50',
    'server p95',
    'server max',
    'client p95',
    'non-2xx',
    'target',
    'met',
  ],
  table,
);
console.info('');
printTable(['statement', 'wall ms', 'target', 'met'], imported);

bench.child.send({ type: 'stop' });

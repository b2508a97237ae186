/**
 * Directory bench: list, filter, search and picker calls under load, then a 10,000-row CSV
 * import while another client keeps calling the API. Prints p50/p95/p99 per scenario, measured
 * in the server (first byte in to last byte out) and at the client.
 *
 *   npx tsx bench/directory/run.ts                        # PGlite in a temporary directory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/directory/run.ts
 *
 * BENCH_CLIENTS (100000), BENCH_SUPPLIERS (20000), BENCH_CONNECTIONS (4), BENCH_DURATION (seconds
 * per scenario, 5), BENCH_IMPORT_ROWS (10000), BENCH_REUSE=1 keeps the generated data of the last run.
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

const env = process.env;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 4);
const DURATION = Number(env.BENCH_DURATION ?? 5);
const IMPORT_ROWS = Number(env.BENCH_IMPORT_ROWS ?? 10_000);

interface Sample {
  size: { clients: number; suppliers: number };
  clients: Array<{ first_name: string; last_name: string; email: string | null; phone: string | null }>;
  suppliers: string[];
  managers: number[];
  services: number[];
}

const bench = forkBenchServer(new URL('./server.ts', import.meta.url).pathname);
const { child, next } = bench;
const ready = await next<Ready<Sample>>('ready');
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authorization: `Token ${ready.token}` };
const size = ready.sample.size;
console.info(
  `server ready on ${ready.engine}: ${size.clients} clients, ${size.suppliers} suppliers; ${CONNECTIONS} connections, ${DURATION} s per scenario`,
);

// Search texts people type: the start of a name, a full name's start, an email, phone digits.
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const people = ready.sample.clients;
const clientTerms = people.flatMap((c, i) => {
  const last = fold(c.last_name);
  const first = fold(c.first_name);
  const terms = [last.slice(0, 2 + (i % 4)), `${first} ${last.slice(0, 2)}`];
  if (c.email) terms.push(c.email.slice(0, 6));
  if (c.phone) terms.push(c.phone.replace(/\D/g, '').slice(0, 5));
  return terms;
});
const supplierTerms = ready.sample.suppliers.flatMap((n, i) => {
  const words = fold(n)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [words[0]!.slice(0, 2 + (i % 4)), words.slice(0, 2).join(' ')];
});
const q = encodeURIComponent;
const { managers, services } = ready.sample;

const scenarios: Scenario[] = [
  {
    name: 'clients list (pages, orderings)',
    paths: Array.from(
      { length: 60 },
      (_, i) =>
        `/api/v1/clients/?limit=20&offset=${(i % 30) * 20}&ordering=${['name', '-name', '-created_at', 'email'][i % 4]}`,
    ),
  },
  {
    name: 'clients filter',
    paths: [
      '/api/v1/clients/?rating=Strategic',
      '/api/v1/clients/?membership=trial&rating=Basic',
      '/api/v1/clients/?language=CN&gender=Female&ordering=-created_at',
      `/api/v1/clients/?fo_manager=${managers[0]}&membership=the_one`,
      '/api/v1/clients/?office=1&rating=Blacklisted',
      '/api/v1/clients/?membership_end_from=2026-01-01&membership_end_to=2026-03-31&ordering=membership_end',
      '/api/v1/clients/?rating=Test%20period&offset=100',
      '/api/v1/clients/?archived=only',
    ],
  },
  { name: 'clients search', paths: clientTerms.slice(0, 200).map((t) => `/api/v1/clients/?search=${q(t)}`) },
  {
    name: 'clients picker search',
    paths: clientTerms.slice(0, 200).map((t) => `/api/v1/clients/?list=true&limit=20&search=${q(t)}`),
  },
  {
    name: 'suppliers list (pages, orderings)',
    paths: Array.from(
      { length: 40 },
      (_, i) => `/api/v1/suppliers/?offset=${(i % 20) * 20}&ordering=${['name', '-created_at'][i % 2]}`,
    ),
  },
  {
    name: 'suppliers filter',
    paths: [
      '/api/v1/suppliers/?type=Hotel',
      '/api/v1/suppliers/?tags=luxury,vip',
      `/api/v1/suppliers/?service=${services[0]}`,
      '/api/v1/suppliers/?currency=AED&type=DMC,Other',
      '/api/v1/suppliers/?type=Yacht%20broker&tags=riviera',
    ],
  },
  {
    name: 'suppliers search',
    paths: supplierTerms.slice(0, 200).map((t) => `/api/v1/suppliers/?search=${q(t)}`),
  },
  {
    name: 'suppliers picker search',
    paths: supplierTerms.slice(0, 200).map((t) => `/api/v1/suppliers/?list=true&limit=20&search=${q(t)}`),
  },
  { name: 'header search', paths: clientTerms.slice(0, 100).map((t) => `/api/v1/search/?search=${q(t)}`) },
];

const rows = await runScenarios(
  bench,
  { base, headers, connections: CONNECTIONS, duration: DURATION },
  scenarios,
);

// Import: a fresh CSV of new clients, while a second client keeps searching.
const header = 'First name,Last name,Email,Phone,Membership,Rating,Language,Birthday';
const plans = ['The One', 'Trial Period', 'Invitation', 'Unsubscribed', 'Dubai visa service'];
const csvLines = [header];
const stamp = Date.now().toString(36);
for (let i = 0; i < IMPORT_ROWS; i++) {
  csvLines.push(
    `Import${i},Person ${i % 500},import.${stamp}.${i}@bench.example,+44 7700 ${String(100000 + i)},${plans[i % plans.length]},${['Basic', 'Strategic', 'Test period'][i % 3]},${['EN', 'RU', 'CN'][i % 3]},${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/19${60 + (i % 40)}`,
  );
}
const csv = `${csvLines.join('\n')}\n`;

child.send({ type: 'label', name: 'import' });
await next('labelled', 'import');
let importing = true;
const probe: number[] = [];
const prober = (async () => {
  let i = 0;
  while (importing) {
    const t0 = performance.now();
    const res = await fetch(
      `${base}/api/v1/clients/?list=true&search=${q(clientTerms[i++ % clientTerms.length]!)}`,
      { headers },
    );
    await res.arrayBuffer();
    probe.push(performance.now() - t0);
  }
})();
const form = new FormData();
form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
const xsrf = 'bench-xsrf-token-0123456789';
const t0 = performance.now();
const res = await fetch(`${base}/api/v1/clients/import/`, {
  method: 'POST',
  body: form,
  headers: { ...headers, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
});
const report = (await res.json()) as {
  data?: { imported: number; refused: unknown[]; skipped_duplicates: unknown[] };
};
const importMs = performance.now() - t0;
importing = false;
await prober;
probe.sort((a, b) => a - b);

console.info('');
console.info(
  `Directory bench on ${ready.engine} (${size.clients} clients, ${size.suppliers} suppliers), ${CONNECTIONS} connections, ${DURATION} s each`,
);
printTable(SCENARIO_HEAD, rows);
console.info('');
console.info(
  `Import of ${IMPORT_ROWS} CSV rows: ${(importMs / 1000).toFixed(2)} s (HTTP ${res.status}; imported ${report.data?.imported}, refused ${report.data?.refused.length}, duplicates ${report.data?.skipped_duplicates.length})`,
);
console.info(
  `  meanwhile ${probe.length} picker searches from another client: p50 ${ms(percentile(probe, 0.5))} ms, p95 ${ms(percentile(probe, 0.95))} ms, max ${ms(probe[probe.length - 1] ?? Number.NaN)} ms`,
);

child.send({ type: 'stop' });

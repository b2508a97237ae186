/**
 * Invoice PDF bench (issue 10): rendering a 20-line invoice (budget p95 < 300 ms), in process, the
 * way `GET client-invoices/{id}/pdf/` renders it after reading the rows (the read is one indexed
 * header and its lines, not measured here). The fonts are read once per process, as in the server;
 * the first render (font files, JIT) is reported apart from the runs.
 *
 *   npx tsx bench/accounting/pdf.ts            # BENCH_PDF_RUNS (50), BENCH_PDF_LINES (20)
 */
import { longInvoice } from '../../apps/server/src/modules/accounting/invoice.fixtures.ts';
import { renderInvoicePdf } from '../../apps/server/src/modules/accounting/invoice.pdf.ts';
import { ms, percentile, printTable } from '../support/bench-client.ts';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 50);
const LINES = Number(process.env.BENCH_PDF_LINES ?? 20);
const invoice = longInvoice(LINES);

const first = performance.now();
const pdf = await renderInvoicePdf(invoice);
const cold = performance.now() - first;
for (let i = 0; i < 3; i += 1) await renderInvoicePdf(invoice);

// Wall time is what a caller waits; CPU time (user + system of this process) is the render's own
// cost, which other processes on a busy machine inflate less.
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  await renderInvoicePdf(invoice);
  const used = process.cpuUsage(startCpu);
  times.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
console.info(
  `invoice PDF, ${LINES} lines: ${pages} pages, ${(pdf.length / 1024).toFixed(1)} KB; ${RUNS} runs`,
);
const row = (name: string, v: number[], first: string) => [
  name,
  first,
  ms(percentile(v, 0.5)),
  ms(percentile(v, 0.95)),
  ms(v.at(-1)!),
  '300',
];
printTable(
  ['scenario', 'first', 'p50', 'p95', 'max', 'budget p95'],
  [row(`render ${LINES} lines, wall ms`, times, ms(cold)), row(`render ${LINES} lines, CPU ms`, cpu, '-')],
);

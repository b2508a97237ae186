/**
 * The reports bench's server process (bench/support/bench-server.ts): the banking bench's data
 * (directory, rates, the accounting bench's documents, bank lines and allocations: each generator
 * called as the banking bench calls it), then what the reports add (`./generate.ts`): pipeline
 * requests up to BENCH_SERVICE_LINES request lines, vouchers, LOG records, and the sales ledger with
 * its month tables, checked against the ledger writer. `measure` times each report's main query
 * through its repository in-process, to print beside the route's time.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { seedRates } from '../../apps/server/src/modules/rates/rates.seed.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';
import { accountingSize, generateAccounting } from '../accounting/generate.ts';
import { bankingMismatches, bankingSize, generateBanking } from '../banking/generate.ts';
import { directorySize, generateDirectory } from '../directory/generate.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { addMissingIndexes } from '../support/schema-indexes.ts';
import { REPORT_CALLS, type ReportsSample, reportsSample } from './filters.ts';
import {
  fillSalesLedger,
  generateLog,
  generatePipeline,
  generateVouchers,
  ledgerMismatches,
  reportsSize,
} from './generate.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20_000);
const SUPPLIERS = Number(env.BENCH_SUPPLIERS ?? 5_000);
const INVOICES = Number(env.BENCH_INVOICES ?? 300_000);
const BILLS = Number(env.BENCH_BILLS ?? 300_000);
const TRANSACTIONS = Number(env.BENCH_TRANSACTIONS ?? 1_000_000);
const SERVICE_LINES = Number(env.BENCH_SERVICE_LINES ?? 1_000_000);
const today = new Date().toISOString().slice(0, 10);

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const seconds = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

await startBenchServer<ReportsSample>({
  name: 'reports',
  async fill(db, log) {
    const t0 = Date.now();
    const size = await directorySize(db);
    if (size.clients < CLIENTS || size.suppliers < SUPPLIERS) {
      log(`generating ${CLIENTS} clients and ${SUPPLIERS} suppliers...`);
      await generateDirectory(db, { clients: CLIENTS, suppliers: SUPPLIERS, log });
      log(`  directory in ${seconds(t0)}`);
    }
    const [sets] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from rate_sets`));
    if (!sets?.n) await seedRates({ db, config: testConfig({}), now: new Date() });
    const documents = await accountingSize(db);
    if (documents.invoices === 0 && documents.bills === 0) {
      log(`generating ${INVOICES} client invoices and ${BILLS} bills...`);
      const t1 = Date.now();
      await generateAccounting(db, { invoices: INVOICES, bills: BILLS, today, log });
      log(`documents and register generated in ${seconds(t1)}`);
    }
    await addMissingIndexes(db, log);
    if ((await bankingSize(db)).transactions === 0) {
      log(`generating about ${TRANSACTIONS} bank transactions and their allocations...`);
      const t2 = Date.now();
      await generateBanking(db, { transactions: TRANSACTIONS, today, log });
      log(`bank lines generated in ${seconds(t2)}`);
      const differing = await bankingMismatches(db);
      if (differing.length)
        throw new Error(`generated lines unlike the writer's:\n${differing.slice(0, 5).join('\n')}`);
    }
    let have = await reportsSize(db);
    if (have.serviceLines < SERVICE_LINES) {
      const t3 = Date.now();
      const added = await generatePipeline(db, SERVICE_LINES, today);
      log(`  ${added} pipeline requests (${SERVICE_LINES - have.serviceLines} lines) in ${seconds(t3)}`);
    }
    if (have.vouchers === 0) {
      const t4 = Date.now();
      await generateVouchers(db, today);
      log(`  deadlines and vouchers in ${seconds(t4)}`);
    }
    if (have.logRecords === 0) {
      const t5 = Date.now();
      await generateLog(db, today);
      log(`  LOG records and events in ${seconds(t5)}`);
    }
    if (have.ledger > 0 && env.BENCH_REFILL_LEDGER === '1') {
      await db.execute(sql`truncate sales_ledger, sales_month_sums, client_month_sums`);
      have.ledger = 0;
    }
    if (have.ledger === 0) {
      const t6 = Date.now();
      await fillSalesLedger(db, log);
      log(`  sales ledger and month sums in ${seconds(t6)}`);
      const differing = await ledgerMismatches(db, log);
      if (differing.length)
        throw new Error(`generated ledger unlike the writer's:\n${differing.slice(0, 5).join('\n')}`);
    }
    have = await reportsSize(db);
    log(
      `data ready in ${seconds(t0)}: ${have.serviceLines} service lines, ${have.invoices} invoices (${have.invoiceLines} lines), ${have.bills} bills, ${have.transactions} bank lines, ${have.allocations} allocations, ${have.vouchers} vouchers, ${have.logRecords} LOG records (${have.logEvents} events), ${have.ledger} ledger rows`,
    );
  },
  analyze: [
    'clients',
    'suppliers',
    'users',
    'requests',
    'request_lines',
    'client_invoices',
    'client_invoice_lines',
    'credit_applications',
    'supplier_invoices',
    'supplier_invoice_lines',
    'document_register',
    'banks',
    'bank_transactions',
    'allocations',
    'line_deadlines',
    'payment_vouchers',
    'log_records',
    'log_events',
    'sales_ledger',
    'sales_month_sums',
    'client_month_sums',
  ],
  sample: async (db) => ({
    ...(await reportsSample(db, today)),
    size: await reportsSize(db),
    accountantToken: await issueToken(db, 'accountant@example.com'),
  }),
  measures: (sample) =>
    Object.fromEntries(
      REPORT_CALLS.flatMap((c) => [
        [`${c.name}: SQL`, (db, run) => c.sql(db, sample, run)],
        [`${c.name}: service`, (db, run) => c.service(db, sample, run)],
      ]),
    ),
});

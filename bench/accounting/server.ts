/**
 * The accounting bench's server process (bench/support/bench-server.ts): a directory of
 * BENCH_CLIENTS clients and BENCH_SUPPLIERS suppliers, the demo rate history, then BENCH_INVOICES
 * client invoices and BENCH_BILLS bills with their requests and register rows, and BENCH_ISSUES
 * requests of 20 Confirmed lines for the issuing scenario. `measure` times the
 * register service's calls in-process (SQL, driver and mapping without HTTP) to print beside the
 * route's time.
 */
import { RegisterQuerySchema, RegisterTotalsQuerySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { createRegisterService } from '../../apps/server/src/modules/accounting/register.service.ts';
import { seedRates } from '../../apps/server/src/modules/rates/rates.seed.ts';
import { directorySize, generateDirectory } from '../directory/generate.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { type AccountingSample, REGISTER_FILTERS, TOTALS_FILTERS } from './filters.ts';
import { accountingSize, generateAccounting, issuePool, registerMismatches } from './generate.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20_000);
const SUPPLIERS = Number(env.BENCH_SUPPLIERS ?? 5_000);
const INVOICES = Number(env.BENCH_INVOICES ?? 300_000);
const BILLS = Number(env.BENCH_BILLS ?? 300_000);
const ISSUES = Number(env.BENCH_ISSUES ?? 400);
const today = new Date().toISOString().slice(0, 10);

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

await startBenchServer({
  name: 'accounting',
  async fill(db, log) {
    const t0 = Date.now();
    const size = await directorySize(db);
    if (size.clients < CLIENTS || size.suppliers < SUPPLIERS) {
      log(`generating ${CLIENTS} clients and ${SUPPLIERS} suppliers...`);
      await generateDirectory(db, { clients: CLIENTS, suppliers: SUPPLIERS, log });
      log(`  directory in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const [sets] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from rate_sets`));
    if (!sets?.n) await seedRates({ db, config: testConfig({}), now: new Date() });
    const have = await accountingSize(db);
    if (have.invoices === 0 && have.bills === 0) {
      log(`generating ${INVOICES} client invoices and ${BILLS} bills...`);
      const t1 = Date.now();
      await generateAccounting(db, { invoices: INVOICES, bills: BILLS, today, log });
      log(`documents and register generated in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
      const differing = await registerMismatches(db);
      if (differing.length)
        throw new Error(`register rows unlike the writer's:\n${differing.slice(0, 3).join('\n')}`);
      log('  a sample of 300 register rows equals what registerRepository writes');
    } else if (have.invoices < INVOICES || have.bills < BILLS) {
      throw new Error('the bench database holds fewer documents than asked: run without BENCH_REUSE=1');
    }
  },
  analyze: [
    'clients',
    'suppliers',
    'requests',
    'request_lines',
    'client_invoices',
    'client_invoice_lines',
    'supplier_invoices',
    'supplier_invoice_lines',
    'document_register',
  ],
  sample: async (db): Promise<AccountingSample> => {
    const size = await accountingSize(db);
    const strings = async (q: ReturnType<typeof sql>) =>
      (await rowsOf<{ v: string }>(db.execute(q))).map((r) => r.v);
    return {
      ...size,
      today,
      companies: (
        await rowsOf<{ id: number }>(
          db.execute(sql`select distinct company_id as id from document_register order by 1`),
        )
      ).map((r) => r.id),
      clients: await rowsOf<{ id: number; last_name: string }>(
        db.execute(sql`select c.id, c.last_name from clients c
          where c.id in (select client_id from client_invoices where id % 997 = 0) order by c.id limit 60`),
      ),
      suppliers: await rowsOf<{ id: number; name: string }>(
        db.execute(sql`select s.id, s.name from suppliers s
          where s.id in (select supplier_id from supplier_invoices where id % 997 = 0) order by s.id limit 60`),
      ),
      invoiceNumbers: await strings(
        sql`select number as v from client_invoices where id % 4999 = 0 limit 40`,
      ),
      billNumbers: await strings(sql`select number as v from supplier_invoices where id % 4999 = 0 limit 40`),
      requestNumbers: await strings(sql`select number as v from requests where id % 4999 = 0 limit 40`),
      pool: await issuePool(db, ISSUES),
    };
  },
  measures: (sample: AccountingSample) => {
    const register = (db: Db) => createRegisterService({ db });
    return Object.fromEntries([
      ...REGISTER_FILTERS.map((f) => [
        f.name,
        (db: Db, run: number) =>
          register(db).list(RegisterQuerySchema.parse({ limit: '20', ...f.query(sample, run) })),
      ]),
      ...TOTALS_FILTERS.map((f) => [
        f.name,
        (db: Db, run: number) => register(db).totals(RegisterTotalsQuerySchema.parse(f.query(sample, run))),
      ]),
    ]);
  },
});

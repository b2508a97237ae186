/**
 * The banking bench's server process (bench/support/bench-server.ts): the accounting bench's
 * directory, rates and documents (`bench/accounting/generate.ts`), then BENCH_TRANSACTIONS bank
 * lines with their allocations (`./generate.ts`), checked against the code that writes them.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { seedRates } from '../../apps/server/src/modules/rates/rates.seed.ts';
import { accountingSize, generateAccounting } from '../accounting/generate.ts';
import { directorySize, generateDirectory } from '../directory/generate.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { addMissingIndexes } from '../support/schema-indexes.ts';
import type { BankingSample, SuggestionKind } from './filters.ts';
import { bankingMismatches, bankingSize, generateBanking } from './generate.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20_000);
const SUPPLIERS = Number(env.BENCH_SUPPLIERS ?? 5_000);
const INVOICES = Number(env.BENCH_INVOICES ?? 300_000);
const BILLS = Number(env.BENCH_BILLS ?? 300_000);
const TRANSACTIONS = Number(env.BENCH_TRANSACTIONS ?? 1_000_000);
const today = new Date().toISOString().slice(0, 10);

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const seconds = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Unmatched lines of one shape, spread over the table. */
const UNMATCHED = sql`match_status = 'unmatched' and id % 7 = 0`;
const SUGGEST: Record<SuggestionKind, ReturnType<typeof sql>> = {
  numberAndClient: sql`type = 'RECEIVE' and counterparty_kind = 'client' and reference_words[1] like '%-INV-%'`,
  numberOnly: sql`type = 'RECEIVE' and counterparty_kind is null and reference_words[1] like '%-INV-%'`,
  clientOnly: sql`type = 'RECEIVE-PREPAYMENT'`,
  amountOnly: sql`type = 'RECEIVE' and counterparty_kind is null and cardinality(reference_words) = 0`,
  billPayment: sql`type = 'SPEND' and counterparty_kind = 'supplier'`,
};

await startBenchServer({
  name: 'banking',
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
    const have = await accountingSize(db);
    if (have.invoices === 0 && have.bills === 0) {
      log(`generating ${INVOICES} client invoices and ${BILLS} bills...`);
      const t1 = Date.now();
      await generateAccounting(db, { invoices: INVOICES, bills: BILLS, today, log });
      log(`documents and register generated in ${seconds(t1)}`);
    }
    await addMissingIndexes(db, log);
    const banking = await bankingSize(db);
    if (banking.transactions === 0) {
      log(`generating about ${TRANSACTIONS} bank transactions and their allocations...`);
      const t2 = Date.now();
      await generateBanking(db, { transactions: TRANSACTIONS, today, log });
      const made = await bankingSize(db);
      log(
        `${made.transactions} bank transactions (${made.matched} matched) and ${made.allocations} allocations generated in ${seconds(t2)}`,
      );
      const differing = await bankingMismatches(db);
      if (differing.length)
        throw new Error(`generated lines unlike the writer's:\n${differing.slice(0, 5).join('\n')}`);
      log(
        '  allocations add up on lines, invoices and bills; a sample of 400 lines equals transactionSearchColumns',
      );
    }
    log(`data ready in ${seconds(t0)}`);
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
    'banks',
    'bank_transactions',
    'allocations',
  ],
  sample: async (db): Promise<BankingSample> => {
    const ids = async (where: ReturnType<typeof sql>) =>
      (
        await rowsOf<{ id: number }>(
          db.execute(
            sql`select id from bank_transactions where ${UNMATCHED} and ${where} order by id limit 40`,
          ),
        )
      ).map((r) => r.id);
    const strings = async (q: ReturnType<typeof sql>) =>
      (await rowsOf<{ v: string }>(db.execute(q))).map((r) => r.v);
    const suggest = Object.fromEntries(
      await Promise.all(Object.entries(SUGGEST).map(async ([k, where]) => [k, await ids(where)])),
    ) as BankingSample['suggest'];
    const [importBank] = await rowsOf<{ id: number }>(
      db.execute(sql`select id from banks where account_number = 'BENCHBSLFGBPINCOME'`),
    );
    return {
      ...(await bankingSize(db)),
      today,
      companies: (
        await rowsOf<{ id: number }>(
          db.execute(sql`select id from companies where code in ('BSLF', 'TPRO', 'AIRS') order by id`),
        )
      ).map((r) => r.id),
      banks: (
        await rowsOf<{ id: number }>(
          db.execute(sql`select id from banks b
            where exists (select 1 from bank_transactions t where t.bank_id = b.id) order by id`),
        )
      ).map((r) => r.id),
      clients: await rowsOf<{ id: number; last_name: string }>(
        db.execute(sql`select c.id, c.last_name from clients c
          where c.id in (select counterparty_id from bank_transactions
            where counterparty_kind = 'client' and id % 997 = 0) order by c.id limit 60`),
      ),
      numbers: await strings(sql`select reference_words[1] as v from bank_transactions
        where ${UNMATCHED} and ${SUGGEST.numberOnly} order by id desc limit 40`),
      amounts: await strings(sql`select amount::text as v from bank_transactions
        where ${UNMATCHED} and id % 1009 = 0 order by id limit 40`),
      suggest,
      importBank: importBank?.id ?? 0,
      openInvoices: await rowsOf<{ number: string; name: string; open: string }>(
        db.execute(sql`select i.number, c.first_name || ' ' || c.last_name as name, i.open_amount::text as open
          from client_invoices i join clients c on c.id = i.client_id join companies co on co.id = i.company_id
          where co.code = 'BSLF' and i.currency = 'GBP' and i.kind = 'invoice' and i.settled_amount < i.total
            and (i.id + 1) % 50 <> 0
          order by i.id desc limit 2000`),
      ),
    };
  },
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { expectRegisterConsistent } from '../accounting/register.test-support.ts';

const now = new Date('2026-11-24T10:00:00Z');
let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  await seedDemoUpTo(t, now, 'banking');
}, 180_000);
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(db, query))[0]!;

describe('banking demo data', () => {
  it('imports a quarter of statements into both offices, in two layouts remembered per account', async () => {
    const r = await one<{
      imports: number;
      failed: number;
      lines: number;
      companies: number;
      mappings: number;
      from: string;
    }>(sql`
      select (select count(*)::int from statement_imports where status = 'done') as imports,
             (select count(*)::int from statement_imports where status <> 'done') as failed,
             (select count(*)::int from bank_transactions where import_id is not null) as lines,
             (select count(distinct b.company_id)::int from bank_transactions t join banks b on b.id = t.bank_id) as companies,
             (select count(distinct mapping->>'date')::int from bank_statement_mappings) as mappings,
             (select min(date)::text from bank_transactions) as from`);
    expect(r.failed).toBe(0);
    expect(r.imports).toBeGreaterThanOrEqual(5);
    expect(r.lines).toBeGreaterThan(30);
    expect(r.companies).toBeGreaterThanOrEqual(2);
    expect(r.mappings).toBe(2);
    expect(r.from >= '2026-08-20').toBe(true);
  });

  it('leaves the books partly matched, each amount equal to its allocations', async () => {
    const r = await one<{ matched: number; unmatched: number; off: number }>(sql`
      select count(*) filter (where match_status = 'matched' and type not like '%TRANSFER')::int as matched,
             count(*) filter (where match_status = 'unmatched')::int as unmatched,
             count(*) filter (where type not like '%TRANSFER' and allocated_amount <>
               coalesce((select sum(a.amount) from allocations a where a.transaction_id = t.id), 0))::int as off
        from bank_transactions t`);
    expect(r.matched).toBeGreaterThan(10);
    expect(r.unmatched).toBeGreaterThan(5);
    expect(r.off).toBe(0);
    await expectRegisterConsistent(db);
  });

  it('has a USD part payment of an AED invoice with its FX difference, and an invoice Paid', async () => {
    const cross = await one<{ n: number; partial: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where i.payment_status = 'Partial')::int as partial
        from allocations a join bank_transactions t on t.id = a.transaction_id
        join client_invoices i on i.id = a.invoice_id
       where t.currency = 'USD' and i.currency = 'AED' and a.fx_difference is not null`);
    expect(cross.n).toBe(1);
    expect(cross.partial).toBe(1);
    const paid = await one<{ n: number }>(
      sql`select count(*)::int as n from client_invoices where payment_status = 'Paid' and kind = 'invoice'`,
    );
    expect(paid.n).toBeGreaterThan(3);
  });

  it('keeps an overpayment and a prepayment as client credit, a conversion and transfers', async () => {
    const credit = await one<{ n: number; open: string }>(sql`
      select count(*)::int as n, sum(amount - allocated_amount)::text as open from bank_transactions
       where type in ('RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT') and counterparty_kind = 'client'`);
    expect(credit.n).toBe(2);
    expect(credit.open).toBe('2250.00');
    const pairs = await one<{ transfers: number; conversions: number }>(sql`
      select count(*) filter (where way = 'transfer')::int as transfers,
             count(*) filter (where way = 'conversion')::int as conversions
        from bank_transactions where type = 'SPEND-TRANSFER'`);
    expect(pairs.transfers).toBeGreaterThanOrEqual(4);
    expect(pairs.conversions).toBe(1);
    const prepaid = await one<{ clients: number }>(sql`
      select count(distinct counterparty_id)::int as clients from bank_transactions
       where type in ('RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT')`);
    expect(prepaid.clients).toBe(2);
  });

  it('closes the month before the quarter for both offices, after everything dated in it', async () => {
    const locks = await queryRows<{ code: string; month: string }>(
      db,
      sql`
      select c.code, to_char(l.month, 'YYYY-MM') as month from period_locks l
        join companies c on c.id = l.company_id where l.reopened_at is null order by c.code`,
    );
    expect(locks).toEqual([
      { code: 'BSLF', month: '2026-07' },
      { code: 'TPRO', month: '2026-07' },
    ]);
  });

  it('pays bills and vouchers from the outcome accounts, and leaves work for the workspace', async () => {
    const r = await one<{ bills: number; vouchers: number; overdue: number; unmatched: number }>(sql`
      select (select count(*)::int from supplier_invoices where payment_status = 'Paid') as bills,
             (select count(*)::int from payment_vouchers where status = 'Paid') as vouchers,
             (select count(*)::int from client_invoices where kind = 'invoice' and payment_status <> 'Paid'
                and due_date < '2026-11-24') as overdue,
             (select count(*)::int from bank_transactions where match_status = 'unmatched') as unmatched`);
    expect(r.bills).toBeGreaterThan(2);
    expect(r.vouchers).toBeGreaterThanOrEqual(1);
    expect(r.overdue).toBeGreaterThan(0);
    expect(r.unmatched).toBeGreaterThan(5);
  });
});

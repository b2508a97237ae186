import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';

const now = new Date('2026-11-24T10:00:00Z');
const today = '2026-11-24';
let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  await seedDemoUpTo(t, now, 'accounting');
}, 120_000);
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(db, query))[0]!;

describe('accounting demo data', () => {
  it('puts a live invoice behind every Invoiced or Accounted line', async () => {
    const { orphans, invoiced } = await one<{ orphans: number; invoiced: number }>(sql`
      select count(*) filter (where not exists (
               select 1 from client_invoice_lines il
                where il.line_id = l.id and il.amount > 0 and il.credited_at is null))::int as orphans,
             count(*)::int as invoiced
        from request_lines l where l.status in ('Invoiced', 'Accounted')`);
    expect(invoiced).toBeGreaterThan(5);
    expect(orphans).toBe(0);
    // and no live invoice line sits on a line that is not Invoiced or Accounted
    const { stray } = await one<{ stray: number }>(sql`
      select count(*)::int as stray from client_invoice_lines il join request_lines l on l.id = il.line_id
       where il.amount > 0 and il.credited_at is null and l.status not in ('Invoiced', 'Accounted')`);
    expect(stray).toBe(0);
  });

  it('has invoices in every state, and requests still to invoice', async () => {
    const s = await one<Record<string, number>>(sql`
      select count(*) filter (where kind = 'invoice' and sent_at is null)::int as not_sent,
             count(*) filter (where kind = 'invoice' and sent_at is not null)::int as sent,
             count(*) filter (where kind = 'invoice' and due_date < ${today} and payment_status <> 'Paid')::int as overdue,
             count(*) filter (where kind = 'credit_note')::int as credit_notes,
             count(*) filter (where kind = 'invoice' and payment_status = 'Paid')::int as paid_by_credit
        from client_invoices`);
    expect(s.not_sent).toBeGreaterThan(0);
    expect(s.sent).toBeGreaterThan(0);
    expect(s.overdue).toBeGreaterThan(0);
    expect(s.credit_notes).toBe(1);
    expect(s.paid_by_credit).toBe(1);
    const { open } = await one<{ open: number }>(sql`
      select count(distinct l.request_id)::int as open from request_lines l join requests r on r.id = l.request_id
       where l.status = 'Confirmed' and r.canceled_at is null`);
    expect(open).toBeGreaterThan(0);
  });

  it('records bills with their files, one explained difference, one PNG', async () => {
    const s = await one<Record<string, number>>(sql`
      select count(*)::int as bills,
             count(*) filter (where file_type = 'png')::int as png,
             count(*) filter (where abs(difference) > lines_cost * 0.01 and difference_explanation is not null)::int as explained
        from supplier_invoices`);
    expect(s.bills).toBeGreaterThan(5);
    expect(s.png).toBe(1);
    expect(s.explained).toBe(1);
  });

  it('keeps Invoices & Bills in step with every document', async () => {
    const { docs, rows } = await one<{ docs: number; rows: number }>(sql`
      select (select count(*) from client_invoices)::int + (select count(*) from supplier_invoices)::int as docs,
             (select count(*) from document_register)::int as rows`);
    expect(rows).toBe(docs);
    const { unsent } = await one<{ unsent: number }>(sql`
      select count(*)::int as unsent from document_register r join client_invoices i
          on i.id = r.doc_id and r.doc_kind = i.kind where r.sent <> (i.sent_at is not null)`);
    expect(unsent).toBe(0);
  });

  it('has vouchers waiting, approved this week and approved overdue; two cards by their last four', async () => {
    const sunday = '2026-11-29';
    const s = await one<Record<string, number>>(sql`
      select count(*) filter (where status = 'Inactive')::int as inactive,
             count(*) filter (where status = 'Active' and due_date between ${today} and ${sunday})::int as this_week,
             count(*) filter (where status = 'Active' and due_date < ${today})::int as overdue
        from payment_vouchers`);
    expect(s.inactive).toBeGreaterThan(0);
    expect(s.this_week).toBeGreaterThan(0);
    expect(s.overdue).toBeGreaterThan(0);
    const cards = await queryRows<{ brand: string; last_four: string }>(
      db,
      sql`select brand, last_four from bank_cards order by id`,
    );
    expect(cards.map((c) => c.brand)).toEqual(['Visa', 'Mastercard']);
  });
});

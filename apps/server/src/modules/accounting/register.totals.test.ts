import type { ClientPaymentStatus, DocumentKind } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { hotelLine, requestBody } from '../requests/requests.test-support.ts';
import { registerRepository } from './register.repository.ts';
import {
  buildRegisterWorld,
  day,
  expectRegisterConsistent,
  insertBill,
  insertInvoice,
  type RegisterWorld,
} from './register.test-support.ts';
import { type RegisterFilter, registerConditions } from './register-list.repository.ts';
import { registerTotalsRepository } from './register-totals.repository.ts';

/**
 * The totals come from per-month sums plus the rows of months a date bound cuts. Whatever the
 * bounds, they must equal the register summed directly under the same filter: checked here over
 * a grid of bounds (month starts, ends, middles) and dimensions, before and after folding.
 */
let t: TestContext;
let w: RegisterWorld;
const DOCS = 36;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildRegisterWorld(t);
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.Admin,
    payload: requestBody(w, { lines: Array.from({ length: DOCS }, () => hotelLine(w)) }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json().data as { id: number; lines: Array<{ id: number }> };
  const db = t.database.db;
  // Spread over five months around today, every kind, status, company and currency.
  for (let i = 0; i < DOCS; i++) {
    const issue = day(-95 + i * 4);
    const due = day(-95 + i * 4 + [0, 14, 30, 9][i % 4]!);
    const request = { id: r.id, line: r.lines[i]!.id };
    const company = i % 3 ? w.company.BSLF : w.company.TPRO;
    const currency = ['GBP', 'EUR', 'AED'][i % 3]!;
    const amount = `${100 + i * 37}.${String((i * 7) % 100).padStart(2, '0')}`;
    if (i % 4 === 3) {
      await insertBill(db, w, {
        number: `B-${i}`,
        company,
        supplier: i % 8 === 3 ? w.supplier.ritz : w.supplier.jets,
        request,
        currency,
        issue,
        due,
        amount,
        settled: i % 8 === 3 ? amount : '0',
      });
    } else {
      await insertInvoice(db, w, {
        number: `INV-${i}`,
        company,
        client: i % 2 ? w.client.anna : w.emile,
        request,
        currency,
        issue,
        due,
        total: amount,
        settled: ['0', amount, '50.00'][i % 3],
        sent: i % 5 !== 0,
      });
    }
  }
});
afterAll(() => t.close());

async function direct(f: RegisterFilter) {
  const where = registerConditions(f);
  return queryRows(
    t.database.db,
    sql`select currency, count(*)::int as count, round(sum(total), 2)::text as total,
          round(sum(open_amount), 2)::text as open
        from document_register ${where ? sql`where ${where}` : sql``} group by currency order by currency`,
  );
}

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const monthEnd = (d: string) => {
  const x = new Date(`${monthStart(d)}T00:00:00Z`);
  x.setUTCMonth(x.getUTCMonth() + 1);
  x.setUTCDate(0);
  return x.toISOString().slice(0, 10);
};

function grid(): RegisterFilter[] {
  const today = day(0);
  const bounds = [
    undefined,
    day(-70),
    monthStart(day(-70)),
    monthEnd(day(-70)),
    day(-31),
    monthEnd(day(-31)),
    today,
  ];
  const filters: RegisterFilter[] = [];
  for (const after of bounds)
    for (const before of [undefined, day(-40), monthEnd(day(-40)), monthStart(day(-10)), day(20)])
      filters.push({ today, issue_date_after: after, issue_date_before: before });
  for (const due of bounds) {
    filters.push({ today, due_before: due });
    filters.push({ today, due_before: due, overdue: true });
    filters.push({ today, due_before: due, issue_date_after: day(-60), company: w.company.BSLF });
  }
  const statuses: ClientPaymentStatus[] = ['Sent', 'Not sent', 'Unpaid', 'Partial', 'Paid'];
  const kinds: DocumentKind[] = ['invoice', 'credit_note', 'bill'];
  for (const status of statuses)
    filters.push({ today, status }, { today, status, issue_date_after: day(-50) });
  for (const kind of kinds) filters.push({ today, kind, overdue: true }, { today, kind, currency: 'EUR' });
  filters.push(
    { today },
    { today, overdue: true },
    { today, overdue: false },
    { today, overdue: false, company: w.company.BSLF, issue_date_after: day(-70) },
    { today, overdue: false, status: 'Unpaid', due_before: day(-31) },
    { today, overdue: false, kind: 'bill', currency: 'AED' },
    { today, kinds: ['invoice', 'credit_note'], company: w.company.TPRO },
    { today, client: w.client.anna, issue_date_after: day(-50) },
    { today, search: 'inv', due_before: day(-20) },
  );
  return filters;
}

describe('totals from the sums', () => {
  it('equal the register summed directly, for every bound and dimension', async () => {
    for (const f of grid())
      expect(await registerTotalsRepository.totals(t.database.db, f), JSON.stringify(f)).toEqual(
        await direct(f),
      );
  });

  it('are the same after the deltas are folded, and after further writes on top of the sums', async () => {
    const db = t.database.db;
    expect(await registerTotalsRepository.pendingDeltas(db, 1000)).toBeGreaterThan(0);
    await registerRepository.foldDeltas(db);
    expect(await registerTotalsRepository.pendingDeltas(db, 1000)).toBe(0);
    for (const f of grid())
      expect(await registerTotalsRepository.totals(db, f), JSON.stringify(f)).toEqual(await direct(f));
    // a settlement and a sending move documents between buckets: deltas on top of the sums
    await db.transaction(async (tx) => {
      const ex = tx as unknown as Db;
      const [inv] = await queryRows<{ id: number }>(
        ex,
        sql`select id from client_invoices where settled_amount = 0 order by id limit 1`,
      );
      await ex.execute(
        sql`update client_invoices set settled_amount = total, sent_at = now() where id = ${inv!.id}`,
      );
      await registerRepository.syncInvoice(ex, inv!.id);
    });
    expect(await registerTotalsRepository.pendingDeltas(db, 1000)).toBe(2);
    for (const f of grid())
      expect(await registerTotalsRepository.totals(db, f), JSON.stringify(f)).toEqual(await direct(f));
    await expectRegisterConsistent(db);
  });

  it('folds on a totals call once more than 1,000 deltas wait', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into document_register_deltas (currency, doc_kind, company_id, payment_status, sending,
      issue_month, due_month, count, total, open)
      select 'GBP', 'bill', ${w.company.BSLF}, 'Unpaid', '', date '2026-01-01', date '2026-01-01', k % 2 * 2 - 1, 0, 0
      from generate_series(1, 1002) as k`);
    const res = await t.request({
      method: 'GET',
      url: 'invoices-and-bills/totals/',
      token: w.token.Accountant,
    });
    expect(res.statusCode).toBe(200);
    expect(await registerTotalsRepository.pendingDeltas(db, 1000)).toBe(0);
    expect(res.json().data).toEqual(await direct({ today: day(0) }));
    await expectRegisterConsistent(db);
  });
});

describe('the list’s total', () => {
  it('is exact beyond 1,000 matches when the sums answer the filter, and estimated otherwise', async () => {
    const db = t.database.db;
    const bills = await queryRows<{ id: number }>(
      db,
      sql`insert into supplier_invoices (supplier_id, company_id, number, issue_date, due_date, currency, amount,
          lines_cost, base_currency, rate_set_id, rate, amount_base, file_path, file_name, file_type, file_size, file_sha256)
        select ${w.supplier.jets}, ${w.company.TPRO}, 'BULK-' || k, ${day(-200)}::date + k % 90, ${day(-200)}::date + k % 90 + 7,
          'USD', 10, 10, 'GBP', ${w.rateSet}, 1, 10, 'bills/x.pdf', 'x.pdf', 'pdf', 1, repeat('0', 64)
        from generate_series(1, 1200) as k
        returning id`,
    );
    await db.transaction(async (tx) => {
      for (const { id } of bills) await registerRepository.syncBill(tx as unknown as Db, id);
    });
    const list = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `invoices-and-bills/${query}`,
        token: w.token.Admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meta as { total: number; total_estimated: boolean };
    };
    const [direct] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from document_register where currency = 'USD' and company_id = ${w.company.TPRO}`,
    );
    expect(direct!.n).toBe(1200);
    expect(await list(`?currency=USD&company=${w.company.TPRO}&status=Unpaid`)).toEqual(
      expect.objectContaining({ total: 1200, total_estimated: false }),
    );
    expect(await list(`?kind=bill&issue_date_after=${monthStart(day(-200))}`)).toEqual(
      expect.objectContaining({ total_estimated: false }),
    );
    // a date bound inside a month, or a search, is counted in the register: estimated past 1,000
    expect((await list(`?currency=USD&issue_date_after=${day(-199)}`)).total_estimated).toBe(true);
    expect((await list('?search=bulk')).total_estimated).toBe(false); // a search counts its matches
    await expectRegisterConsistent(db);
  });
});

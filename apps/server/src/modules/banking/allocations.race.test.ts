/**
 * Two accountants allocating the same invoice at the same moment cannot over-allocate it
 * (decision 0011): 100 allocations sent at once, on PostgreSQL (PGlite serialises everything).
 * Every call answers 201 or 400 over_allocation (never a 500: no deadlock), the winners add up
 * to what was open at most, and every row still equals its allocations.
 */
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { getInvoice } from '../accounting/invoices.test-support.ts';
import {
  allocate,
  allocated,
  brokenRows,
  buildMatchingWorld,
  insertLine,
  invoicesFor,
  type MatchingWorld,
  supplierDocuments,
  todayUtc,
  unmatch,
} from './allocations.test-support.ts';
import { assertRefundCovered } from './balances.service.ts';

let t: TestContext;
let w: MatchingWorld;

const PARALLEL = 100;
const codes = (responses: Array<{ statusCode: number; body: string }>) => {
  const tally: Record<string, number> = {};
  for (const r of responses) {
    const key = r.statusCode === 400 ? JSON.parse(r.body).errors[0].code : String(r.statusCode);
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
};
const lines = (n: number, amount: string, over: Record<string, unknown> = {}) =>
  Promise.all(Array.from({ length: n }, () => insertLine(t, { bank: w.bank.BSLF.GBP, amount, ...over })));

describe.runIf(onPostgres)('allocations at the same moment (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildMatchingWorld(t);
  });
  afterAll(() => t.close());

  it(`${PARALLEL} lines allocated to one invoice at once: 33 fit, the rest over_allocation`, async () => {
    const [invoice] = await invoicesFor(t, w, ['1000.00']);
    const ids = await lines(PARALLEL, '30.00');
    const responses = await Promise.all(
      ids.map((id) => allocate(t, w, { transaction: id, invoice: invoice!.id, amount: '30.00' })),
    );
    expect(codes(responses)).toEqual({ '201': 33, over_allocation: 67 });
    expect(await getInvoice(t, w, invoice!.id)).toMatchObject({
      settled_amount: '990.00',
      payment_status: 'Partial',
    });
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it(`one line allocated ${PARALLEL} times to one invoice at once: bounded by the line`, async () => {
    const [invoice] = await invoicesFor(t, w, ['5000.00']);
    const [line] = await lines(1, '500.00');
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        allocate(t, w, { transaction: line!, invoice: invoice!.id, amount: '7.00' }),
      ),
    );
    expect(codes(responses)).toEqual({ '201': 71, over_allocation: 29 });
    const [row] = await queryRows<{ allocated_amount: string }>(
      t.database.db,
      sql`select allocated_amount::text from bank_transactions where id = ${line!}`,
    );
    expect(row!.allocated_amount).toBe('497.00');
    expect((await getInvoice(t, w, invoice!.id)).settled_amount).toBe('497.00');
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it(`${PARALLEL} payments of one voucher at once: its row lock is the only guard (no CHECK bounds it)`, async () => {
    const { vouchers } = await supplierDocuments(t, w, {
      cost: '1000.00',
      deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: '300.00' }],
      billed: false,
    });
    const ids = await lines(PARALLEL, '10.00', { type: 'SPEND' });
    const responses = await Promise.all(
      ids.map((id) => allocate(t, w, { transaction: id, voucher: vouchers[0]!.id, amount: '10.00' })),
    );
    expect(codes(responses)).toEqual({ '201': 30, over_allocation: 70 });
    const [row] = await queryRows<{ settled_amount: string; status: string }>(
      t.database.db,
      sql`select settled_amount::text, status from payment_vouchers where id = ${vouchers[0]!.id}`,
    );
    expect(row).toEqual({ settled_amount: '300.00', status: 'Paid' });
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it('unmatching and allocating one invoice at once: never beyond its total', async () => {
    const [invoice] = await invoicesFor(t, w, ['1000.00']);
    const first = await lines(50, '20.00');
    const existing = [];
    for (const id of first)
      existing.push(await allocated(t, w, { transaction: id, invoice: invoice!.id, amount: '20.00' }));
    expect((await getInvoice(t, w, invoice!.id)).payment_status).toBe('Paid');
    const second = await lines(50, '20.00');
    const responses = await Promise.all([
      ...existing.map((a) => unmatch(t, w, a.id)),
      ...second.map((id) => allocate(t, w, { transaction: id, invoice: invoice!.id, amount: '20.00' })),
    ]);
    const unmatched = responses.slice(0, 50);
    const allocations = responses.slice(50);
    expect(codes(unmatched)).toEqual({ '204': 50 });
    const won = allocations.filter((r) => r.statusCode === 201).length;
    expect(won + (codes(allocations).over_allocation ?? 0)).toBe(50);
    const settled = new Decimal((await getInvoice(t, w, invoice!.id)).settled_amount);
    expect(settled.equals(new Decimal(won).times(20))).toBe(true);
    expect(settled.lte(1000)).toBe(true);
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it('paying from credit and refunding it at once: the balance never goes negative', async () => {
    const client = { kind: 'client' as const, id: w.client.anna };
    const [credit] = await lines(1, '100.00', { type: 'RECEIVE-OVERPAYMENT', counterparty: client });
    const [invoice] = await invoicesFor(t, w, ['1000.00']);
    const refund = async () => {
      try {
        await t.database.db.transaction(async (tx) => {
          await assertRefundCovered(tx, w.client.anna, 'GBP', '10.00');
          await insertLine(
            t,
            { bank: w.bank.BSLF.GBP, type: 'SPEND', way: 'reduce', amount: '10.00', counterparty: client },
            tx,
          );
        });
        return 'refunded';
      } catch (err) {
        return (err as { code?: string }).code ?? String(err);
      }
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? refund()
          : allocate(t, w, { transaction: credit!, invoice: invoice!.id, amount: '10.00' }).then((r) =>
              r.statusCode === 201 ? 'used' : JSON.parse(r.body).errors[0].code,
            ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const r of results) tally[r] = (tally[r] ?? 0) + 1;
    expect((tally.refunded ?? 0) + (tally.used ?? 0)).toBe(10);
    // refusals: the service's AppError for a refund, the API's code for an allocation
    expect((tally.OVER_ALLOCATION ?? 0) + (tally.over_allocation ?? 0)).toBe(30);
    const balance = await t.request({
      method: 'GET',
      url: `clients/${w.client.anna}/balance/`,
      token: w.token.Accountant,
    });
    expect(balance.json().data.balances).toEqual([
      { currency: 'GBP', credit: '100.00', used: '100.00', balance: '0.00' },
    ]);
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });
});

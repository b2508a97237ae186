/**
 * Refunds of client credit and the credit lines they draw on, through the transactions API
 * (decision 0011, "Client balances", as amended: a refund is a SPEND of way reduce to the client,
 * never allocated). A refund is matched by its marker (allocated = amount), so it never counts as
 * unmatched; the balance (credits − uses − refunds) is protected on every write that takes from it:
 * a refund made or raised, a credit line lowered, deleted or made something else.
 */
import type { Transaction } from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  addClient,
  allocate,
  allocated,
  brokenRows,
  buildMatchingWorld,
  invoicesFor,
  type MatchingWorld,
  matchingState,
  supplierDocuments,
  todayUtc,
} from './allocations.test-support.ts';
import {
  deleteTransaction,
  getTransaction,
  patchTransaction,
  postTransaction,
  ruleOf,
} from './transactions.test-support.ts';

let t: TestContext;
let w: MatchingWorld;
let acc: string;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildMatchingWorld(t);
  acc = w.token.Accountant;
});
afterAll(() => t.close());

let clients = 0;
async function newClient(): Promise<{ id: number; name: string }> {
  clients += 1;
  return { id: await addClient(t, w, 'Refund', `Client ${clients}`), name: `Refund Client ${clients}` };
}

type Line = Record<string, unknown> & { client: number };
const lineBody = ({ client, ...body }: Line) => ({
  bank: w.bank.BSLF.GBP,
  type: 'SPEND',
  way: 'reduce',
  date: todayUtc(),
  counterparty_kind: 'client',
  counterparty: client,
  ...body,
});
/** A line of the client (by default a GBP refund), 201 expected. */
async function add(body: Line): Promise<Transaction> {
  const res = await postTransaction(t, acc, lineBody(body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const credit = (client: number, amount: string) =>
  add({ client, type: 'RECEIVE-OVERPAYMENT', way: 'pay', amount });

async function patch(line: Transaction, body: Record<string, unknown>) {
  const { version } = await getTransaction(t, acc, line.id);
  return patchTransaction(t, acc, line.id, { ...body, version });
}

async function balances(client: number) {
  const res = await t.request({ method: 'GET', url: `clients/${client}/balance/`, token: acc });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { balances: Array<{ currency: string; balance: string }> }).balances;
}
const gbpBalance = async (client: number) =>
  (await balances(client)).find((b) => b.currency === 'GBP')?.balance ?? '0.00';

async function unmatchedCount(): Promise<number> {
  const res = await t.request({ method: 'GET', url: 'accounting/workspace/', token: acc });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.counts as Array<{ key: string; count: number }>).find(
    (c) => c.key === 'unmatched_transactions',
  )!.count;
}
async function unmatchedOf(client: number): Promise<number[]> {
  const res = await t.request({
    method: 'GET',
    url: `transactions/?match_status=unmatched&counterparty_kind=client&counterparty=${client}&limit=100`,
    token: acc,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Transaction[]).map((l) => l.id);
}

/** Everything a refused write could have touched: lines, documents, allocations, history. */
const snapshot = () => matchingState(t);

const over = (amount: string, open: string, name: string) =>
  `Allocation of GBP ${amount} exceeds the open GBP ${open} of the GBP balance of ${name}`;

describe('a refund of credit', () => {
  it('is entered matched (allocated = its amount), out of the unmatched counts, and taken from the balance', async () => {
    const c = await newClient();
    const deposit = await credit(c.id, '500.00');
    const before = await unmatchedCount();
    const refund = await add({ client: c.id, amount: '200.00', reference: 'Refund of deposit' });
    expect(refund).toMatchObject({
      amount: '200.00',
      allocated_amount: '200.00',
      open_amount: '0.00',
      match_status: 'matched',
      is_credit: false,
    });
    expect(await unmatchedCount()).toBe(before);
    expect(await unmatchedOf(c.id)).toEqual([deposit.id]);
    expect(await gbpBalance(c.id)).toBe('300.00');
    // it is never allocated: the writer refuses it by direction, not by what is open
    const { bill } = await supplierDocuments(t, w);
    const error = ruleOf(await allocate(t, w, { transaction: refund.id, bill: bill!.id, amount: '1.00' }));
    expect(error.code).toBe('allocation_wrong_direction');
    // the database's own rows agree
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it('beyond the balance is refused with the balance in the sentence, writing nothing', async () => {
    const c = await newClient();
    await credit(c.id, '300.00');
    const state = await snapshot();
    const error = ruleOf(await postTransaction(t, acc, lineBody({ client: c.id, amount: '300.01' })));
    expect(error).toEqual({ code: 'over_allocation', detail: over('300.01', '300.00', c.name) });
    // a currency the client holds no credit in
    const eur = ruleOf(
      await postTransaction(t, acc, lineBody({ client: c.id, bank: w.bank.BSLF.EUR, amount: '1.00' })),
    );
    expect(eur).toEqual({
      code: 'over_allocation',
      detail: `Allocation of EUR 1.00 exceeds the open EUR 0.00 of the EUR balance of ${c.name}`,
    });
    expect(await snapshot()).toEqual(state);
    await add({ client: c.id, amount: '300.00' });
    expect(await gbpBalance(c.id)).toBe('0.00');
  });

  it('raised within the balance keeps its marker at the amount; raised beyond it is refused; lowered freely', async () => {
    const c = await newClient();
    await credit(c.id, '300.00');
    const refund = await add({ client: c.id, amount: '100.00' });
    const raised = await patch(refund, { amount: '250.00' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ allocated_amount: '250.00', match_status: 'matched' });
    const state = await snapshot();
    const error = ruleOf(await patch(refund, { amount: '300.01' }));
    expect(error).toEqual({ code: 'over_allocation', detail: over('50.01', '50.00', c.name) });
    expect(await snapshot()).toEqual(state);
    const lowered = await patch(refund, { amount: '40.00', date: todayUtc(), reference: 'part back' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().data).toMatchObject({
      amount: '40.00',
      allocated_amount: '40.00',
      open_amount: '0.00',
    });
    expect(await gbpBalance(c.id)).toBe('260.00');
    // deleting it gives the balance back
    expect((await deleteTransaction(t, acc, refund.id)).statusCode).toBe(204);
    expect(await gbpBalance(c.id)).toBe('300.00');
  });

  it('a line made a refund takes the marker (if the balance holds it); made something else it loses it', async () => {
    const c = await newClient();
    await credit(c.id, '100.00');
    const spend = await add({ client: c.id, way: 'pay', amount: '120.00' });
    expect(spend).toMatchObject({ allocated_amount: '0.00', match_status: 'unmatched' });
    const state = await snapshot();
    expect(ruleOf(await patch(spend, { way: 'reduce' }))).toEqual({
      code: 'over_allocation',
      detail: over('120.00', '100.00', c.name),
    });
    expect(await snapshot()).toEqual(state);
    const made = await patch(spend, { way: 'reduce', amount: '80.00' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ allocated_amount: '80.00', match_status: 'matched' });
    expect(await gbpBalance(c.id)).toBe('20.00');
    const back = await patch(spend, { way: 'pay' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ allocated_amount: '0.00', match_status: 'unmatched' });
    expect(await gbpBalance(c.id)).toBe('100.00');
    // a SPEND-OVERPAYMENT of way reduce is a refund too
    const typed = await patch(spend, { type: 'SPEND-OVERPAYMENT', way: 'reduce' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data).toMatchObject({ allocated_amount: '80.00', match_status: 'matched' });
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });

  it("moved to another client takes from that client's balance", async () => {
    const [a, b] = [await newClient(), await newClient()];
    await credit(a.id, '100.00');
    const refund = await add({ client: a.id, amount: '60.00' });
    expect(ruleOf(await patch(refund, { counterparty: b.id }))).toEqual({
      code: 'over_allocation',
      detail: over('60.00', '0.00', b.name),
    });
    await credit(b.id, '70.00');
    const moved = await patch(refund, { counterparty: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await gbpBalance(a.id), await gbpBalance(b.id)]).toEqual(['100.00', '10.00']);
  });
});

describe('a credit line the balance needs', () => {
  it('is not deleted, lowered, moved or made something else beyond what refunds left', async () => {
    const c = await newClient();
    const deposit = await credit(c.id, '300.00');
    const refund = await add({ client: c.id, amount: '250.00' });
    const other = await newClient();
    const state = await snapshot();
    const deleted = ruleOf(await deleteTransaction(t, acc, deposit.id));
    expect(deleted).toEqual({ code: 'over_allocation', detail: over('300.00', '50.00', c.name) });
    expect(ruleOf(await patch(deposit, { amount: '200.00' }))).toEqual({
      code: 'over_allocation',
      detail: over('100.00', '50.00', c.name),
    });
    expect(ruleOf(await patch(deposit, { type: 'RECEIVE' })).code).toBe('over_allocation');
    expect(ruleOf(await patch(deposit, { counterparty: other.id })).code).toBe('over_allocation');
    expect(await snapshot()).toEqual(state);
    // within what is left
    const lowered = await patch(deposit, { amount: '260.00' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await gbpBalance(c.id)).toBe('10.00');
    // the refund gone, the credit may go
    expect((await deleteTransaction(t, acc, refund.id)).statusCode).toBe(204);
    expect((await deleteTransaction(t, acc, deposit.id)).statusCode).toBe(204);
    expect(await balances(c.id)).toEqual([]);
  });

  it('used to pay an invoice is matched: transaction_allocated, before any balance rule', async () => {
    const c = await newClient();
    const deposit = await credit(c.id, '100.00');
    const [invoice] = await invoicesFor(t, w, ['60.00'], { client: c.id });
    await allocated(t, w, { transaction: deposit.id, invoice: invoice!.id, amount: '60.00' });
    await add({ client: c.id, amount: '40.00' });
    const state = await snapshot();
    expect(ruleOf(await deleteTransaction(t, acc, deposit.id)).code).toBe('transaction_allocated');
    expect(ruleOf(await patch(deposit, { amount: '60.00' })).code).toBe('transaction_allocated');
    expect(await snapshot()).toEqual(state);
  });
});

describe.runIf(onPostgres)('on PostgreSQL, at once', () => {
  it('refunds, payments from credit and a credit lowered queue on the balance: it ends at zero, never below', async () => {
    const c = await newClient();
    const paying = await credit(c.id, '100.00');
    const spare = await credit(c.id, '50.00');
    const [invoice] = await invoicesFor(t, w, ['1000.00'], { client: c.id });
    // one payment from credit first (its path warm): 140.00 left, 90.00 of it on the paying line
    await allocated(t, w, { transaction: paying.id, invoice: invoice!.id, amount: '10.00' });
    const { version } = await getTransaction(t, acc, spare.id);
    const refund = () =>
      postTransaction(t, acc, lineBody({ client: c.id, amount: '10.00' })).then(
        (r) => ['refund', r] as const,
      );
    const use = () =>
      allocate(t, w, { transaction: paying.id, invoice: invoice!.id, amount: '10.00' }).then(
        (r) => ['use', r] as const,
      );
    const lower = () =>
      patchTransaction(t, acc, spare.id, { amount: '20.00', version }).then((r) => ['lower', r] as const);
    // 5 refunds (50), 15 payments (at most the line's 90) and the spare credit lowered by 30 ask
    // for 170 of 140: in any order the balance runs out, and each kind gets some of it
    const calls = Array.from({ length: 21 }, (_, i) =>
      i === 3 ? lower() : i % 4 === 0 && i < 20 ? refund() : use(),
    );
    const results = await Promise.all(calls);
    const outcome: Record<string, number> = {};
    for (const [kind, r] of results) {
      const code = r.statusCode < 300 ? 'ok' : (JSON.parse(r.body).errors?.[0]?.code ?? String(r.statusCode));
      outcome[`${kind} ${code}`] = (outcome[`${kind} ${code}`] ?? 0) + 1;
    }
    const summary = JSON.stringify(outcome);
    // no deadlock or error: each call done or refused by the balance
    for (const key of Object.keys(outcome)) expect(key, summary).toMatch(/ (ok|over_allocation)$/);
    expect(outcome['refund ok'] ?? 0, summary).toBeGreaterThan(0);
    expect(outcome['use ok'] ?? 0, summary).toBeGreaterThan(0);
    const taken = new Decimal(10)
      .times((outcome['refund ok'] ?? 0) + (outcome['use ok'] ?? 0))
      .plus(outcome['lower ok'] ? 30 : 0);
    expect(taken.toFixed(2), summary).toBe('140.00');
    expect(await gbpBalance(c.id)).toBe('0.00');
    expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  });
});

describe('payment_vouchers CHECK', () => {
  it('the database refuses a voucher settled beyond its amount (the last guard under a race)', async () => {
    const { vouchers } = await supplierDocuments(t, w, {
      deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: '300.00' }],
    });
    const id = vouchers[0]!.id;
    const db = t.database.db;
    await db.execute(sql`update payment_vouchers set settled_amount = amount where id = ${id}`);
    const refused = await db
      .execute(sql`update payment_vouchers set settled_amount = amount + 0.01 where id = ${id}`)
      .then(
        () => null,
        (e: unknown) =>
          e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } },
      );
    expect(refused?.code ?? refused?.cause?.code).toBe('23514');
    expect(refused?.constraint ?? refused?.cause?.constraint).toBe('payment_vouchers_settled_check');
    const [row] = await queryRows<{ settled_amount: string }>(
      db,
      sql`select settled_amount::text from payment_vouchers where id = ${id}`,
    );
    expect(row!.settled_amount).toBe('300.00');
    await db.execute(sql`update payment_vouchers set settled_amount = 0 where id = ${id}`);
  });
});

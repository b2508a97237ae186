import type { ClientBalance } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  addClient,
  allocate,
  allocated,
  buildMatchingWorld,
  daysAgo,
  insertLine,
  invoicesFor,
  type MatchingWorld,
  ruleOf,
  unmatch,
} from './allocations.test-support.ts';
import { assertRefundCovered } from './balances.service.ts';

let t: TestContext;
let w: MatchingWorld;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildMatchingWorld(t);
});
afterAll(() => t.close());

async function balance(client: number): Promise<ClientBalance> {
  const res = await t.request({
    method: 'GET',
    url: `clients/${client}/balance/`,
    token: w.token.Accountant,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A refund as the transactions service records one: under the balance's locks. */
function refund(client: number, bank: number, amount: string, date?: string) {
  return t.database.db.transaction(async (tx) => {
    await assertRefundCovered(tx, client, 'GBP', amount);
    return insertLine(
      t,
      {
        bank,
        type: 'SPEND',
        way: 'reduce',
        amount,
        counterparty: { kind: 'client', id: client },
        ...(date && { date }),
      },
      tx,
    );
  });
}

describe('GET clients/{id}/balance/', () => {
  it('credits, the invoices paid from them and refunds, per currency, newest first with the running balance', async () => {
    const boris = { kind: 'client' as const, id: w.boris };
    const over = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'RECEIVE-OVERPAYMENT',
      amount: '500.00',
      date: daysAgo(3),
      counterparty: boris,
      reference: 'OVERPAID',
    });
    const topUp = await insertLine(t, {
      bank: w.bank.BSLF.EUR,
      type: 'RECEIVE',
      way: 'top_up',
      amount: '200.00',
      date: daysAgo(2),
      counterparty: boris,
    });
    // an ordinary receipt of the client is not credit
    await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '999.00', counterparty: boris });
    expect(await balance(w.boris)).toMatchObject({
      client: { id: w.boris, name: 'Boris Godunov' },
      balances: [
        { currency: 'EUR', credit: '200.00', used: '0.00', balance: '200.00' },
        { currency: 'GBP', credit: '500.00', used: '0.00', balance: '500.00' },
      ],
    });

    const [invoice] = await invoicesFor(t, w, ['320.00'], { client: w.boris });
    const use = await allocated(t, w, { transaction: over, invoice: invoice!.id, amount: '320.00' });
    expect(use.from_credit).toBe(true);
    await refund(w.boris, w.bank.BSLF.GBP, '100.00');

    const b = await balance(w.boris);
    expect(b.balances).toEqual([
      { currency: 'EUR', credit: '200.00', used: '0.00', balance: '200.00' },
      { currency: 'GBP', credit: '500.00', used: '420.00', balance: '80.00' },
    ]);
    expect(
      b.movements.map((m) => [m.kind, m.currency, m.amount, m.balance_after, m.invoice?.number ?? null]),
    ).toEqual([
      ['refund', 'GBP', '-100.00', '80.00', null],
      ['credit', 'EUR', '200.00', '200.00', null],
      ['use', 'GBP', '-320.00', '180.00', invoice!.number],
      ['credit', 'GBP', '500.00', '500.00', null],
    ]);
    expect(b.movements[2]).toMatchObject({
      allocation_id: use.id,
      transaction: { id: over, type: 'RECEIVE-OVERPAYMENT', reference: 'OVERPAID' },
    });
    expect(b.movements[1]!.transaction.id).toBe(topUp);

    // unmatching the use gives the credit back
    expect((await unmatch(t, w, use.id)).statusCode).toBe(204);
    expect((await balance(w.boris)).balances[1]).toEqual({
      currency: 'GBP',
      credit: '500.00',
      used: '100.00',
      balance: '400.00',
    });
  });

  it('never goes negative: a use or a refund beyond the balance is refused', async () => {
    const client = await addClient(t, w, 'Olga', 'Ivanova');
    const credit = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'RECEIVE-PREPAYMENT',
      amount: '300.00',
      counterparty: { kind: 'client', id: client },
    });
    await refund(client, w.bank.BSLF.GBP, '250.00');
    const [invoice] = await invoicesFor(t, w, ['400.00'], { client });
    // the line has 300 open, but refunds took 250 of the balance: 50 is left to pay with
    const error = ruleOf(
      await allocate(t, w, { transaction: credit, invoice: invoice!.id, amount: '60.00' }),
    );
    expect(error).toEqual({
      code: 'over_allocation',
      detail: 'Allocation of GBP 60.00 exceeds the open GBP 50.00 of the GBP balance of Olga Ivanova',
    });
    await allocated(t, w, { transaction: credit, invoice: invoice!.id, amount: '50.00' });
    await expect(refund(client, w.bank.BSLF.GBP, '0.01')).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'OVER_ALLOCATION',
    );
    expect((await balance(client)).balances).toEqual([
      { currency: 'GBP', credit: '300.00', used: '300.00', balance: '0.00' },
    ]);
  });

  it('answers an empty balance for a client without credit, 404 for none, 403 outside accounting', async () => {
    expect(await balance(w.client.blacklisted)).toMatchObject({ balances: [], movements: [] });
    const none = await t.request({
      method: 'GET',
      url: 'clients/999999/balance/',
      token: w.token.Accountant,
    });
    expect(none.statusCode).toBe(404);
    const fo = await t.request({
      method: 'GET',
      url: `clients/${w.client.anna}/balance/`,
      token: w.token.FO,
    });
    expect(fo.statusCode).toBe(403);
  });
});

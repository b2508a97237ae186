import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addClient, allocated, insertLine, invoicesFor } from '../banking/allocations.test-support.ts';
import { type BalancesService, createBalancesService } from '../banking/balances.service.ts';
import { type Book, buildClientsBook } from './clients-report.test-support.ts';

/**
 * The Clients report reads the clients' credit for a whole page at once (`BalancesService.totalsOf`):
 * it must answer, client by client, what the client's balance page (`get`) answers.
 */
let t: TestContext;
let book: Book;
let balances: BalancesService;

beforeAll(async () => {
  t = await createTestContext();
  book = await buildClientsBook(t);
  balances = createBalancesService({ db: t.database.db });
}, 120_000);
afterAll(() => t.close());

async function expectSameAsGet(ids: number[]) {
  const grouped = await balances.totalsOf(ids);
  for (const id of ids)
    expect(grouped.get(id) ?? [], `client ${id}`).toEqual((await balances.get(id)).balances);
  // nobody else's movements slip in
  expect([...grouped.keys()].every((id) => ids.includes(id))).toBe(true);
}

/** A small seeded generator, so a failure can be run again as it was. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('BalancesService.totalsOf', () => {
  it('equals the per-client balance for every client of the hand-built book', async () => {
    const ids = Object.values(book.clients).map((c) => c.id);
    // Boris has credit, partly used and partly refunded; the others none
    const boris = (await balances.totalsOf(ids)).get(book.clients.boris.id);
    expect(boris).toEqual([{ currency: 'GBP', credit: '300.00', used: '150.00', balance: '150.00' }]);
    await expectSameAsGet(ids);
    expect(await balances.totalsOf([])).toEqual(new Map());
  });

  it('equals the per-client balance for clients with random credits, uses and refunds', async () => {
    const { w } = book;
    const next = random(12);
    const amount = (max: number) => new Decimal(Math.floor(next() * max * 100) + 100).div(100).toFixed(2);
    const banks = [w.bank.BSLF.GBP, w.bank.BSLF.EUR, w.bank.BSLF.USD];
    const creditKinds = [
      { type: 'RECEIVE-OVERPAYMENT' },
      { type: 'RECEIVE-PREPAYMENT' },
      { type: 'RECEIVE', way: 'top_up' },
    ];
    const ids: number[] = [];
    for (let k = 0; k < 4; k++) {
      const client = await addClient(t, w, 'Random', `Client${k}`);
      ids.push(client);
      const counterparty = { kind: 'client' as const, id: client };
      const gbpCredits: Array<{ id: number; amount: string }> = [];
      const credits = 1 + Math.floor(next() * 3);
      for (let i = 0; i < credits; i++) {
        const bank = banks[Math.floor(next() * banks.length)]!;
        const kind = creditKinds[Math.floor(next() * creditKinds.length)]!;
        const value = amount(900);
        const id = await insertLine(t, { bank, ...kind, amount: value, counterparty });
        if (bank === w.bank.BSLF.GBP) gbpCredits.push({ id, amount: value });
      }
      // an ordinary receipt of the client is not credit
      await insertLine(t, { bank: w.bank.BSLF.GBP, amount: amount(500), counterparty });
      const credit = gbpCredits[0];
      if (credit && next() < 0.8) {
        const [invoice] = await invoicesFor(t, w, ['1000.00'], { client, currency: 'GBP' });
        const use = Decimal.min(credit.amount, invoice!.total).times(next()).toDecimalPlaces(2).toFixed(2);
        if (new Decimal(use).gt(0))
          await allocated(t, w, { transaction: credit.id, invoice: invoice!.id, amount: use });
      }
      if (next() < 0.7)
        await insertLine(t, {
          bank: banks[Math.floor(next() * banks.length)]!,
          type: 'SPEND',
          way: 'reduce',
          amount: amount(100),
          counterparty,
        });
    }
    const withBook = [...ids, ...Object.values(book.clients).map((c) => c.id)];
    await expectSameAsGet(withBook);
    // the random clients did get movements to compare
    expect((await balances.totalsOf(ids)).size).toBe(ids.length);
  });
});

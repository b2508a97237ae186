import type { Transaction } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type RequestsWorld } from '../requests/requests.test-support.ts';
import {
  addBank,
  addTransaction,
  addTransfer,
  auditHistory,
  deleteTransaction,
  getTransaction,
  lineCount,
  patchTransaction,
  postTransfer,
  ruleOf,
} from './transactions.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
let acc: string;
/** BSLF: two GBP accounts, one EUR, one archived; TPRO: AED and GBP. */
const bank = { gbp: 0, gbp2: 0, eur: 0, archived: 0, aed: 0, tproGbp: 0 };

const history = (id: number) => auditHistory(t, acc, 'bank_transaction', id);

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  acc = w.token.Accountant;
  bank.gbp = await addBank(t, w, w.company.BSLF, 'GBP', 'Income', 'Barclays');
  bank.gbp2 = await addBank(t, w, w.company.BSLF, 'GBP', 'Outcome', 'HSBC');
  bank.eur = await addBank(t, w, w.company.BSLF, 'EUR', 'Income', 'Deutsche Bank');
  bank.archived = await addBank(t, w, w.company.BSLF, 'USD');
  await t.request({ method: 'POST', url: `banks/${bank.archived}/archive/`, token: w.token.Admin });
  bank.aed = await addBank(t, w, w.company.TPRO, 'AED', 'Income', 'Emirates NBD');
  bank.tproGbp = await addBank(t, w, w.company.TPRO, 'GBP');
});
afterAll(() => t.close());

describe('POST transfers/ within one currency', () => {
  it('makes both legs in one step, linked both ways, matched by each other, with their history', async () => {
    const { out, in: inLeg } = await addTransfer(t, acc, {
      from_bank: bank.gbp,
      to_bank: bank.gbp2,
      amount: '2500',
      reference: 'Float to payments account',
    });
    expect(out).toMatchObject({
      type: 'SPEND-TRANSFER',
      way: 'transfer',
      amount: '2500.00',
      currency: 'GBP',
      bank: { id: bank.gbp },
      counterparty: null,
      rate: null,
      pair: { id: inLeg.id, amount: '2500.00', currency: 'GBP' },
      allocated_amount: '2500.00',
      open_amount: '0.00',
      match_status: 'matched',
      reference: 'Float to payments account',
    });
    expect(out.pair!.bank).toMatch(/^HSBC GBP/);
    expect(inLeg).toMatchObject({
      type: 'RECEIVE-TRANSFER',
      way: 'transfer',
      amount: '2500.00',
      bank: { id: bank.gbp2 },
      pair: { id: out.id, currency: 'GBP' },
      match_status: 'matched',
      is_credit: false,
    });
    expect(inLeg.pair!.bank).toMatch(/^Barclays GBP/);
    expect((await history(out.id))[0]!.changes.pair_id).toEqual([null, inLeg.id]);
    expect((await history(inLeg.id))[0]!.changes.pair_id).toEqual([null, out.id]);
    // neither leg waits to be matched
    const unmatched = await t.request({
      method: 'GET',
      url: `transactions/?bank=${bank.gbp}&match_status=unmatched`,
      token: acc,
    });
    expect(unmatched.json().data.map((x: Transaction) => x.id)).not.toContain(out.id);
    // the other account's name finds a leg
    const found = await t.request({
      method: 'GET',
      url: `transactions/?search=hsbc&bank=${bank.gbp}`,
      token: acc,
    });
    expect(found.json().data.map((x: Transaction) => x.id)).toEqual([out.id]);
  });

  it('takes a received amount equal to the amount sent, and refuses another', async () => {
    const same = await addTransfer(t, acc, {
      from_bank: bank.gbp,
      to_bank: bank.gbp2,
      amount: '10',
      to_amount: '10.00',
    });
    expect(same.in.amount).toBe('10.00');
    const before = await lineCount(t);
    for (const extra of [{ to_amount: '10.01' }, { rate: '1.1' }]) {
      const error = ruleOf(
        await postTransfer(t, acc, {
          from_bank: bank.gbp,
          to_bank: bank.gbp2,
          date: '2026-03-10',
          amount: '10',
          ...extra,
        }),
      );
      expect(error).toEqual({
        code: 'transaction_invalid',
        detail: 'Between accounts in one currency the amount received is the amount sent',
      });
    }
    expect(await lineCount(t)).toBe(before);
  });

  it('refuses one account twice, accounts of two companies, and an archived or unknown account', async () => {
    const before = await lineCount(t);
    const base = { date: '2026-03-10', amount: '10' };
    expect(ruleOf(await postTransfer(t, acc, { ...base, from_bank: bank.gbp, to_bank: bank.gbp }))).toEqual({
      code: 'transaction_invalid',
      detail: 'Choose two different accounts',
    });
    expect(
      ruleOf(await postTransfer(t, acc, { ...base, from_bank: bank.gbp, to_bank: bank.tproGbp })),
    ).toEqual({
      code: 'transaction_invalid',
      detail: 'Both accounts of a transfer must belong to the same company',
    });
    const archived = await postTransfer(t, acc, { ...base, from_bank: bank.gbp, to_bank: bank.archived });
    expect(archived.json().errors).toEqual({ to_bank: ['Invalid field value'] });
    const unknown = await postTransfer(t, acc, { ...base, from_bank: 999999, to_bank: bank.gbp });
    expect(unknown.json().errors).toEqual({ from_bank: ['Invalid field value'] });
    expect(
      (await postTransfer(t, w.token.FO, { ...base, from_bank: bank.gbp, to_bank: bank.gbp2 })).statusCode,
    ).toBe(403);
    expect(await lineCount(t)).toBe(before);
  });
});

describe('POST transfers/ across currencies (conversions)', () => {
  const base = () => ({ from_bank: bank.gbp, to_bank: bank.eur, date: '2026-03-10' });

  it('gives the received amount from the rate, rounded half up to cents, on both legs', async () => {
    const { out, in: inLeg } = await addTransfer(t, acc, { ...base(), amount: '10.03', rate: '1.5' });
    // 15.045: half up gives 15.05 (half even would give 15.04)
    expect(inLeg).toMatchObject({ amount: '15.05', currency: 'EUR', way: 'conversion', rate: '1.500000' });
    expect(out).toMatchObject({ amount: '10.03', currency: 'GBP', way: 'conversion', rate: '1.500000' });
    expect(out.pair).toMatchObject({ amount: '15.05', currency: 'EUR' });
    const big = await addTransfer(t, acc, { ...base(), amount: '1000', rate: '1.16785' });
    expect(big.in.amount).toBe('1167.85');
  });

  it('derives the rate from the received amount, to six places half up', async () => {
    const { out, in: inLeg } = await addTransfer(t, acc, { ...base(), amount: '300', to_amount: '1000' });
    expect(out.rate).toBe('3.333333');
    expect(inLeg).toMatchObject({ amount: '1000.00', rate: '3.333333' });
    const up = await addTransfer(t, acc, { ...base(), amount: '3', to_amount: '2' });
    expect(up.out.rate).toBe('0.666667');
  });

  it('takes both when they agree within a cent, and refuses them otherwise', async () => {
    const ok = await addTransfer(t, acc, { ...base(), amount: '10.03', rate: '1.5', to_amount: '15.04' });
    expect(ok.in).toMatchObject({ amount: '15.04', rate: '1.500000' });
    const before = await lineCount(t);
    const error = ruleOf(
      await postTransfer(t, acc, { ...base(), amount: '10.03', rate: '1.5', to_amount: '15.07' }),
    );
    expect(error).toEqual({
      code: 'transaction_invalid',
      detail: 'At this rate the amount received is EUR 15.05, not EUR 15.07',
    });
    expect(await lineCount(t)).toBe(before);
  });

  it('needs the rate or the received amount', async () => {
    const before = await lineCount(t);
    const error = ruleOf(await postTransfer(t, acc, { ...base(), amount: '100' }));
    expect(error).toEqual({
      code: 'rate_required',
      detail: 'A conversion from GBP to EUR needs its rate or the amount received',
    });
    const tiny = await postTransfer(t, acc, { ...base(), amount: '0.01', rate: '0.1' });
    expect(tiny.json().errors).toEqual({ rate: ['Invalid field value'] });
    expect(await lineCount(t)).toBe(before);
  });
});

describe('a transfer after it is made', () => {
  it('changes the date and reference of both legs from either, and nothing else', async () => {
    const { out, in: inLeg } = await addTransfer(t, acc, {
      from_bank: bank.gbp,
      to_bank: bank.eur,
      amount: '100',
      rate: '1.2',
    });
    const stale = await patchTransaction(t, acc, inLeg.id, { date: '2026-03-11', version: 9 });
    expect(stale.statusCode).toBe(409);
    const res = await patchTransaction(t, acc, inLeg.id, {
      date: '2026-03-11',
      reference: 'FX to EUR',
      amount: '120.00',
      type: 'RECEIVE-TRANSFER',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ date: '2026-03-11', reference: 'FX to EUR', version: 2 });
    expect(await getTransaction(t, acc, out.id)).toMatchObject({
      date: '2026-03-11',
      reference: 'FX to EUR',
      version: 2,
      amount: '100.00',
    });
    expect((await history(out.id))[0]!.changes.date).toEqual(['2026-03-10', '2026-03-11']);
    for (const change of [
      { amount: '130' },
      { counterparty_kind: 'client', counterparty: w.client.anna },
      { way: 'transfer' },
    ]) {
      const error = ruleOf(await patchTransaction(t, acc, out.id, { ...change, version: 2 }));
      expect(error, JSON.stringify(change)).toEqual({
        code: 'transaction_is_transfer',
        detail:
          'Only the date and reference of a transfer change; to change its amounts or accounts, delete it and enter it again',
      });
    }
  });

  it('deletes both legs when either is deleted, and records both', async () => {
    const { out, in: inLeg } = await addTransfer(t, acc, {
      from_bank: bank.gbp2,
      to_bank: bank.gbp,
      amount: '75',
    });
    const before = await lineCount(t);
    const res = await deleteTransaction(t, acc, inLeg.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await lineCount(t)).toBe(before - 2);
    for (const id of [out.id, inLeg.id]) {
      expect((await t.request({ method: 'GET', url: `transactions/${id}/`, token: acc })).statusCode).toBe(
        404,
      );
      expect((await history(id))[0]).toMatchObject({ action: 'delete' });
    }
  });

  it('keeps to the closed months of its company', async () => {
    const { out } = await addTransfer(t, acc, {
      from_bank: bank.gbp,
      to_bank: bank.gbp2,
      amount: '5',
      date: '2026-02-10',
    });
    await t.database.db.execute(
      sql`insert into period_locks (company_id, month) values (${w.company.BSLF}, '2026-02-01')`,
    );
    const made = ruleOf(
      await postTransfer(t, acc, {
        from_bank: bank.gbp,
        to_bank: bank.gbp2,
        amount: '5',
        date: '2026-02-11',
      }),
    );
    expect(made.code).toBe('period_locked');
    expect(ruleOf(await deleteTransaction(t, acc, out.id)).code).toBe('period_locked');
    expect(ruleOf(await patchTransaction(t, acc, out.id, { date: '2026-03-01', version: 1 })).code).toBe(
      'period_locked',
    );
    await t.database.db.execute(sql`delete from period_locks`);
    expect((await deleteTransaction(t, acc, out.id)).statusCode).toBe(204);
  });

  it('cannot be entered leg by leg, and a plain line stays unmatched beside it', async () => {
    const plain = await addTransaction(t, acc, { bank: bank.gbp2, amount: '1' });
    expect(plain.match_status).toBe('unmatched');
    const error = ruleOf(
      await t.request({
        method: 'POST',
        url: 'transactions/',
        token: acc,
        payload: {
          bank: bank.gbp2,
          type: 'RECEIVE-TRANSFER',
          way: 'transfer',
          date: '2026-03-10',
          amount: '1',
        },
      }),
    );
    expect(error.code).toBe('transaction_is_transfer');
  });
});

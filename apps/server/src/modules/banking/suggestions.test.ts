import type { InvoiceRecord, Suggestion } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { creditNote } from '../accounting/invoices.test-support.ts';
import {
  allocated,
  buildMatchingWorld,
  insertLine,
  invoicesFor,
  type MatchingWorld,
  supplierDocuments,
  todayUtc,
} from './allocations.test-support.ts';

let t: TestContext;
let w: MatchingWorld;
let annaBig: InvoiceRecord;
let annaSmall: InvoiceRecord;
let borisBig: InvoiceRecord;
let paid: InvoiceRecord;
let tpro: InvoiceRecord;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildMatchingWorld(t);
  [annaBig, annaSmall] = (await invoicesFor(t, w, ['1250.00', '800.00'])) as [InvoiceRecord, InvoiceRecord];
  [borisBig] = (await invoicesFor(t, w, ['1250.00'], { client: w.boris })) as [InvoiceRecord];
  [paid] = (await invoicesFor(t, w, ['1250.00'])) as [InvoiceRecord];
  const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '1250.00' });
  await allocated(t, w, { transaction: line, invoice: paid.id, amount: '1250.00' });
  [tpro] = (await invoicesFor(t, w, ['3670.00'], {
    company: w.company.TPRO,
    currency: 'AED',
    region: w.region.dubai,
  })) as [InvoiceRecord];
});
afterAll(() => t.close());

async function suggestions(transaction: number): Promise<Suggestion[]> {
  const res = await t.request({
    method: 'GET',
    url: `transactions/${transaction}/suggestions/`,
    token: w.token.Accountant,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ids = (list: Suggestion[]) => list.map((s) => `${s.kind}:${s.id}`);

describe('GET transactions/{id}/suggestions/', () => {
  it('ranks the invoice named in the bank text first, says why, and leaves out paid and other companies', async () => {
    const line = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      amount: '1250.00',
      reference: `PAYMENT ${annaBig.number.replaceAll('-', ' ')} THANK YOU`,
    });
    const list = await suggestions(line);
    expect(list[0]).toMatchObject({
      kind: 'invoice',
      id: annaBig.id,
      number: annaBig.number,
      counterparty: { id: w.client.anna, name: 'Anna Karenina' },
      currency: 'GBP',
      total: '1250.00',
      open_amount: '1250.00',
      reasons: ['reference', 'amount_exact', 'due_soon'],
      reason: 'Number in the bank text · Amount matches · Due within 30 days',
      score: 85,
      amount: '1250.00',
      invoice_amount: '1250.00',
    });
    expect(ids(list)).toContain(`invoice:${borisBig.id}`);
    expect(list.find((s) => s.id === borisBig.id)).toMatchObject({
      reasons: ['amount_exact', 'due_soon'],
      score: 35,
    });
    expect(ids(list)).not.toContain(`invoice:${paid.id}`);
    expect(ids(list)).not.toContain(`invoice:${tpro.id}`);
  });

  it("a line of a client: only that client's open invoices, the amount within 1% ranked above the rest", async () => {
    const line = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      amount: '1245.00',
      counterparty: { kind: 'client', id: w.client.anna },
    });
    const list = await suggestions(line);
    expect(list.every((s) => s.counterparty.id === w.client.anna)).toBe(true);
    expect(ids(list)).not.toContain(`invoice:${borisBig.id}`);
    expect(list[0]).toMatchObject({
      id: annaBig.id,
      reasons: ['amount_close', 'counterparty', 'due_soon'],
      score: 35,
      amount: '1245.00',
      invoice_amount: '1245.00',
    });
    // the smaller side: the whole invoice of 800 out of the 1245 received
    expect(list.find((s) => s.id === annaSmall.id)).toMatchObject({
      reasons: ['counterparty', 'due_soon'],
      amount: '800.00',
      invoice_amount: '800.00',
    });
  });

  it('converts across currencies at the set of the line date: USD received for an AED invoice', async () => {
    const line = await insertLine(t, { bank: w.bank.TPRO.USD, amount: '1000.00' });
    const [first] = await suggestions(line);
    expect(first).toMatchObject({
      id: tpro.id,
      currency: 'AED',
      reasons: ['amount_exact', 'due_soon'],
      amount: '1000.00',
      invoice_amount: '3670.00', // 1000 × 3.67, the USD → AED sell rate of the sample set
    });
  });

  it('money out: the bills and vouchers of the supplier, a voucher found by its request number', async () => {
    const { request, bill, vouchers } = await supplierDocuments(t, w, {
      cost: '600.00',
      deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: '200.00' }],
    });
    const byReference = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      amount: '200.00',
      reference: `DEPOSIT ${request.number}`,
    });
    const list = await suggestions(byReference);
    expect(list[0]).toMatchObject({
      kind: 'voucher',
      id: vouchers[0]!.id,
      reasons: ['reference', 'amount_exact', 'due_soon'],
      amount: '200.00',
    });
    expect(list[0]!.number).toMatch(new RegExp(`^Prepayment of .* · ${request.number}$`));
    expect(list.every((s) => s.kind !== 'invoice')).toBe(true);
    const ofRitz = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      amount: '600.00',
      counterparty: { kind: 'supplier', id: w.supplier.ritz },
    });
    const theirs = await suggestions(ofRitz);
    expect(theirs[0]).toMatchObject({
      kind: 'bill',
      id: bill!.id,
      reasons: ['amount_exact', 'counterparty', 'due_soon'],
    });
    expect(ids(theirs)).toContain(`voucher:${vouchers[0]!.id}`);
  });

  it('nothing for a transfer leg, a refund, a matched line or a line of the other side; 404 for none', async () => {
    const leg = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'RECEIVE-TRANSFER',
      way: 'transfer',
      amount: '800.00',
    });
    expect(await suggestions(leg)).toEqual([]);
    const refund = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      way: 'reduce',
      amount: '800.00',
      counterparty: { kind: 'client', id: w.client.anna },
    });
    expect(await suggestions(refund)).toEqual([]);
    const fromSupplier = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      amount: '800.00',
      counterparty: { kind: 'supplier', id: w.supplier.ritz },
    });
    expect(await suggestions(fromSupplier)).toEqual([]);
    const [small] = await invoicesFor(t, w, ['15.00']);
    const matched = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '15.00' });
    await allocated(t, w, { transaction: matched, invoice: small!.id, amount: '15.00' });
    expect(await suggestions(matched)).toEqual([]);
    const none = await t.request({
      method: 'GET',
      url: 'transactions/999999/suggestions/',
      token: w.token.Accountant,
    });
    expect(none.statusCode).toBe(404);
    const fo = await t.request({ method: 'GET', url: `transactions/${leg}/suggestions/`, token: w.token.FO });
    expect(fo.statusCode).toBe(403);
  });

  it('leaves out credit notes and what a credit note settled', async () => {
    const [credited] = await invoicesFor(t, w, ['333.00']);
    const res = await creditNote(t, w, credited!);
    expect(res.statusCode, res.body).toBe(201);
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '333.00' });
    const list = await suggestions(line);
    expect(ids(list)).not.toContain(`invoice:${credited!.id}`);
    expect(list.every((s) => s.kind === 'invoice')).toBe(true);
    expect(list.some((s) => s.id === res.json().data.id)).toBe(false);
  });
});

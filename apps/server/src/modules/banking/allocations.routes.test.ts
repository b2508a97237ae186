import { type Allocation, findRate, type InvoiceRecord } from '@app/shared';
import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { creditNote, getInvoice } from '../accounting/invoices.test-support.ts';
import {
  allocate,
  allocated,
  buildMatchingWorld,
  daysAgo,
  insertLine,
  invoicesFor,
  type MatchingWorld,
  matchingState,
  ruleOf,
  supplierDocuments,
  todayUtc,
  unmatch,
} from './allocations.test-support.ts';
import { auditHistory } from './transactions.test-support.ts';

let t: TestContext;
let w: MatchingWorld;
const records = sampleRecords();
const rateOf = (from: string, to: string, side: 'sell' | 'buy') => findRate(records, from, to, side)!.rate;
const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

beforeAll(async () => {
  t = await createTestContext();
  w = await buildMatchingWorld(t);
});
afterAll(() => t.close());

const anna = () => ({ kind: 'client' as const, id: w.client.anna });
const ritz = () => ({ kind: 'supplier' as const, id: w.supplier.ritz });

async function transactionRow(id: number) {
  const [row] = await queryRows<{ allocated_amount: string; match_status: string }>(
    t.database.db,
    sql`select allocated_amount::text, match_status from bank_transactions where id = ${id}`,
  );
  return row!;
}

async function registerRow(kind: string, id: number) {
  const [row] = await queryRows<{ settled_amount: string; open_amount: string; payment_status: string }>(
    t.database.db,
    sql`select settled_amount::text, open_amount::text, payment_status from document_register
        where doc_kind = ${kind} and doc_id = ${id}`,
  );
  return row!;
}

const history = (entity: string, id: number) => auditHistory(t, w.token.Accountant, entity, id);

/** A refused call: its rule, and nothing written anywhere matching writes (versions and history too). */
async function refused(body: Record<string, unknown>, code: string): Promise<string> {
  const before = await matchingState(t);
  const res = await allocate(t, w, body);
  const error = ruleOf(res);
  expect(error.code, res.body).toBe(code.toLowerCase());
  expect(await matchingState(t)).toEqual(before);
  return error.detail;
}

describe('POST allocations/ in one currency', () => {
  it('pays an invoice in two parts: Partial, then Paid, the line matched, the register and history in step', async () => {
    const [invoice] = await invoicesFor(t, w, ['1250.00']);
    const first = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '500.00', counterparty: anna() });
    const a = await allocated(t, w, { transaction: first, invoice: invoice!.id, amount: '500.00' });
    expect(a).toMatchObject({
      transaction: { id: first, type: 'RECEIVE', amount: '500.00', currency: 'GBP' },
      document: { kind: 'invoice', id: invoice!.id, number: invoice!.number, currency: 'GBP' },
      bill: null,
      amount: '500.00',
      currency: 'GBP',
      document_amount: '500.00',
      document_currency: 'GBP',
      rate: '1.000000',
      base_currency: 'GBP',
      base_amount: '500.00',
      document_base_amount: '500.00',
      fx_difference: '0.00',
      from_credit: false,
      date: todayUtc(),
      created_by: { id: w.userId.Accountant },
    });
    expect(await transactionRow(first)).toEqual({ allocated_amount: '500.00', match_status: 'matched' });
    expect(await getInvoice(t, w, invoice!.id)).toMatchObject({
      settled_amount: '500.00',
      payment_status: 'Partial',
    });
    expect(await registerRow('invoice', invoice!.id)).toEqual({
      settled_amount: '500.00',
      open_amount: '750.00',
      payment_status: 'Partial',
    });

    const rest = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '1000.00' });
    await allocated(t, w, { transaction: rest, invoice: invoice!.id, amount: '750.00' });
    expect(await transactionRow(rest)).toEqual({ allocated_amount: '750.00', match_status: 'unmatched' });
    expect(await getInvoice(t, w, invoice!.id)).toMatchObject({
      settled_amount: '1250.00',
      payment_status: 'Paid',
    });
    expect((await registerRow('invoice', invoice!.id)).payment_status).toBe('Paid');

    const [created] = await history('allocation', a.id);
    expect(created).toMatchObject({ action: 'create', changes: { amount: [null, '500.00'] } });
    const [moved] = await history('bank_transaction', first);
    expect(moved!.changes.allocated_amount).toEqual(['0.00', '500.00']);
    expect(moved!.changes.match_status).toEqual(['unmatched', 'matched']);
    const settled = (await history('client_invoice', invoice!.id)).map((e) => e.changes.settled_amount);
    expect(settled).toContainEqual(['0.00', '500.00']);
    expect(settled).toContainEqual(['500.00', '1250.00']);
  });

  it('answers the allocations by transaction, invoice and client', async () => {
    const [invoice] = await invoicesFor(t, w, ['300.00']);
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '300.00' });
    const a = await allocated(t, w, { transaction: line, invoice: invoice!.id, amount: '120.00' });
    for (const query of [`transaction=${line}`, `invoice=${invoice!.id}`]) {
      const res = await t.request({ method: 'GET', url: `allocations/?${query}`, token: w.token.Accountant });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((x: Allocation) => x.id)).toEqual([a.id]);
      expect(res.json().meta).toMatchObject({ total: 1 });
    }
    const byClient = await t.request({
      method: 'GET',
      url: `allocations/?client=${w.client.anna}&limit=100`,
      token: w.token.Accountant,
    });
    expect(byClient.json().data.map((x: Allocation) => x.id)).toContain(a.id);
    const byBoris = await t.request({
      method: 'GET',
      url: `allocations/?client=${w.boris}`,
      token: w.token.Admin,
    });
    expect(byBoris.json().data.map((x: Allocation) => x.id)).not.toContain(a.id);
    const one = await t.request({ method: 'GET', url: `allocations/${a.id}/`, token: w.token.Accountant });
    expect(one.json().data).toEqual(a);
  });
});

describe('across currencies', () => {
  it('takes USD for an AED invoice in two parts: both amounts, the rate and the realised FX, then Paid', async () => {
    const [invoice] = await invoicesFor(t, w, ['4000.00'], {
      company: w.company.TPRO,
      currency: 'AED',
      region: w.region.dubai,
    });
    expect(invoice!.rate).toBe('1.000000'); // TPRO's base is AED
    const usd = await insertLine(t, { bank: w.bank.TPRO.USD, amount: '600.00', counterparty: anna() });
    const preview = await t.request({
      method: 'POST',
      url: 'allocations/preview/',
      token: w.token.Accountant,
      payload: { transaction: usd, invoice: invoice!.id, amount: '600.00', invoice_amount: '2190.00' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const base = cents(new Decimal('600.00').times(rateOf('USD', 'AED', 'sell')));
    const expected = {
      amount: '600.00',
      currency: 'USD',
      document_amount: '2190.00',
      document_currency: 'AED',
      rate: '3.650000',
      base_currency: 'AED',
      base_amount: base,
      document_base_amount: '2190.00',
      fx_difference: cents(new Decimal(base).minus('2190.00')),
      from_credit: false,
    };
    expect(preview.json().data).toEqual({
      ...expected,
      transaction_open_after: '0.00',
      document_open_after: '1810.00',
      settles_document: false,
    });
    const part = await allocated(t, w, {
      transaction: usd,
      invoice: invoice!.id,
      amount: '600.00',
      invoice_amount: '2190.00',
    });
    expect(part).toMatchObject(expected);
    expect(expected.fx_difference).toBe('12.00');

    const later = await insertLine(t, { bank: w.bank.TPRO.USD, amount: '495.00', date: todayUtc() });
    const rest = await allocated(t, w, {
      transaction: later,
      invoice: invoice!.id,
      amount: '495.00',
      invoice_amount: '1810.00',
    });
    const restBase = cents(new Decimal('495.00').times(rateOf('USD', 'AED', 'sell')));
    expect(rest).toMatchObject({
      rate: new Decimal('1810').dividedBy('495').toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6),
      base_amount: restBase,
      document_base_amount: '1810.00',
      fx_difference: cents(new Decimal(restBase).minus('1810.00')),
    });
    expect(await getInvoice(t, w, invoice!.id)).toMatchObject({
      settled_amount: '4000.00',
      payment_status: 'Paid',
    });
  });

  it('values the document at its stamped rate: GBP received for a EUR invoice of a GBP company', async () => {
    const [invoice] = await invoicesFor(t, w, ['1164.00'], { currency: 'EUR' });
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '1000.00' });
    const a = await allocated(t, w, {
      transaction: line,
      invoice: invoice!.id,
      amount: '1000.00',
      invoice_amount: '1164.00',
    });
    const documentBase = cents(new Decimal('1164.00').times(invoice!.rate));
    expect(a).toMatchObject({
      rate: '1.164000',
      base_amount: '1000.00',
      document_base_amount: documentBase,
      fx_difference: cents(new Decimal('1000.00').minus(documentBase)),
    });
  });

  it('books a payment at the buy rate: paying more in base than the bill booked is a loss', async () => {
    const { bill } = await supplierDocuments(t, w, { cost: '1000.00' });
    const line = await insertLine(t, {
      bank: w.bank.BSLF.USD,
      type: 'SPEND',
      amount: '1300.00',
      counterparty: ritz(),
    });
    const a = await allocated(t, w, {
      transaction: line,
      bill: bill!.id,
      amount: '1300.00',
      invoice_amount: '1000.00',
    });
    const base = cents(new Decimal('1300.00').times(rateOf('USD', 'GBP', 'buy')));
    expect(a).toMatchObject({
      document: { kind: 'bill', id: bill!.id },
      base_amount: base,
      document_base_amount: '1000.00',
      fx_difference: cents(new Decimal('1000.00').minus(base)),
    });
    expect(new Decimal(a.fx_difference).isNegative()).toBe(true);
    const res = await t.request({
      method: 'GET',
      url: `supplier-invoices/${bill!.id}/`,
      token: w.token.Accountant,
    });
    expect(res.json().data).toMatchObject({ settled_amount: '1000.00', payment_status: 'Paid' });
  });
});

describe('vouchers and bills', () => {
  it('pays the vouchers of a line with their bill: each voucher Paid, the bill Paid when covered', async () => {
    const { bill, vouchers } = await supplierDocuments(t, w, {
      cost: '1000.00',
      deadlines: [
        { type: 'Prepayment', due_date: todayUtc(), amount: '300.00' },
        { type: 'Final payment', due_date: todayUtc(), amount: '700.00' },
      ],
    });
    expect(vouchers).toHaveLength(2);
    const [pre, final] = vouchers;
    const first = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      amount: '300.00',
      counterparty: ritz(),
    });
    const a = await allocated(t, w, {
      transaction: first,
      voucher: pre!.id,
      bill: bill!.id,
      amount: '300.00',
    });
    expect(a.document).toMatchObject({ kind: 'voucher', id: pre!.id });
    expect(a.document.number).toMatch(/^Prepayment of \d\d\/\d\d\/\d{4} · /);
    expect(a.bill).toMatchObject({ kind: 'bill', id: bill!.id, number: bill!.number });
    const voucher = async (id: number) =>
      (await t.request({ method: 'GET', url: `payment-vouchers/${id}/`, token: w.token.Accountant })).json()
        .data;
    const billOf = async () =>
      (
        await t.request({ method: 'GET', url: `supplier-invoices/${bill!.id}/`, token: w.token.Accountant })
      ).json().data;
    expect(await voucher(pre!.id)).toMatchObject({ settled_amount: '300.00', status: 'Paid' });
    expect(await billOf()).toMatchObject({ settled_amount: '300.00', payment_status: 'Unpaid' });

    const second = await insertLine(t, { bank: w.bank.BSLF.GBP, type: 'SPEND', amount: '700.00' });
    await allocated(t, w, { transaction: second, voucher: final!.id, bill: bill!.id, amount: '700.00' });
    expect(await voucher(final!.id)).toMatchObject({ settled_amount: '700.00', status: 'Paid' });
    expect(await billOf()).toMatchObject({ settled_amount: '1000.00', payment_status: 'Paid' });
    expect((await registerRow('bill', bill!.id)).payment_status).toBe('Paid');
  });

  it('refuses a voucher with a bill that does not hold its line', async () => {
    const { vouchers } = await supplierDocuments(t, w, {
      deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: '100.00' }],
      billed: false,
    });
    const { bill: other } = await supplierDocuments(t, w);
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, type: 'SPEND', amount: '100.00' });
    const detail = await refused(
      { transaction: line, voucher: vouchers[0]!.id, bill: other!.id, amount: '100.00' },
      'ALLOCATION_OTHER_COUNTERPARTY',
    );
    expect(detail).toContain(`is not for a line of bill ${other!.number}`);
  });
});

describe('rules: each a 400 that writes nothing', () => {
  let invoice: InvoiceRecord;
  beforeAll(async () => {
    [invoice] = (await invoicesFor(t, w, ['1250.00'])) as [InvoiceRecord];
  });

  it('over-allocation of the document, with both amounts in the sentence', async () => {
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '5000.00' });
    const detail = await refused(
      { transaction: line, invoice: invoice.id, amount: '1250.01' },
      'OVER_ALLOCATION',
    );
    expect(detail).toBe(
      `Allocation of GBP 1,250.01 exceeds the open GBP 1,250.00 of invoice ${invoice.number}`,
    );
  });

  it('over-allocation of the transaction', async () => {
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '1000.00' });
    await allocated(t, w, { transaction: line, invoice: invoice.id, amount: '200.00' });
    const detail = await refused(
      { transaction: line, invoice: invoice.id, amount: '800.01' },
      'OVER_ALLOCATION',
    );
    expect(detail).toMatch(
      /^Allocation of GBP 800\.01 exceeds the open GBP 800\.00 of RECEIVE transaction #\d+ of /,
    );
  });

  it('a paid document', async () => {
    const [paid] = await invoicesFor(t, w, ['10.00']);
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '100.00' });
    await allocated(t, w, { transaction: line, invoice: paid!.id, amount: '10.00' });
    expect(await refused({ transaction: line, invoice: paid!.id, amount: '1.00' }, 'OVER_ALLOCATION')).toBe(
      `invoice ${paid!.number} is already paid`,
    );
  });

  it('a transfer leg', async () => {
    const leg = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'RECEIVE-TRANSFER',
      way: 'transfer',
      amount: '50.00',
    });
    expect(
      await refused({ transaction: leg, invoice: invoice.id, amount: '50.00' }, 'TRANSACTION_IS_TRANSFER'),
    ).toBe('A transfer leg is not matched to documents');
  });

  it('the wrong direction: money out to an invoice, money in to a bill, a refund of credit to a bill', async () => {
    const spend = await insertLine(t, { bank: w.bank.BSLF.GBP, type: 'SPEND', amount: '50.00' });
    expect(
      await refused(
        { transaction: spend, invoice: invoice.id, amount: '50.00' },
        'ALLOCATION_WRONG_DIRECTION',
      ),
    ).toBe(`A SPEND transaction cannot settle invoice ${invoice.number}`);
    const { bill } = await supplierDocuments(t, w);
    const receive = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '50.00' });
    await refused({ transaction: receive, bill: bill!.id, amount: '50.00' }, 'ALLOCATION_WRONG_DIRECTION');
    const refund = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      way: 'reduce',
      amount: '50.00',
      counterparty: anna(),
    });
    await refused({ transaction: refund, bill: bill!.id, amount: '50.00' }, 'ALLOCATION_WRONG_DIRECTION');
  });

  it('a credit note', async () => {
    const [credited] = await invoicesFor(t, w, ['80.00']);
    const res = await creditNote(t, w, credited!);
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data as InvoiceRecord;
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '80.00' });
    expect(
      await refused({ transaction: line, invoice: note.id, amount: '80.00' }, 'ALLOCATION_WRONG_DIRECTION'),
    ).toBe(`${note.number} is a credit note; it settles its invoice, not a bank line`);
    // the credited invoice has nothing open left
    await refused({ transaction: line, invoice: credited!.id, amount: '1.00' }, 'OVER_ALLOCATION');
  });

  it("another client's invoice, another supplier's bill, another company's document", async () => {
    const [borisInvoice] = await invoicesFor(t, w, ['100.00'], { client: w.boris });
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '100.00', counterparty: anna() });
    expect(
      await refused(
        { transaction: line, invoice: borisInvoice!.id, amount: '100.00' },
        'ALLOCATION_OTHER_COUNTERPARTY',
      ),
    ).toBe(
      `invoice ${borisInvoice!.number} belongs to Boris Godunov, not to this transaction's counterparty`,
    );
    const { bill } = await supplierDocuments(t, w);
    const jets = await insertLine(t, {
      bank: w.bank.BSLF.GBP,
      type: 'SPEND',
      amount: '100.00',
      counterparty: { kind: 'supplier', id: w.supplier.jets },
    });
    await refused({ transaction: jets, bill: bill!.id, amount: '100.00' }, 'ALLOCATION_OTHER_COUNTERPARTY');
    const tpro = await insertLine(t, { bank: w.bank.TPRO.GBP, amount: '100.00' });
    expect(
      await refused(
        { transaction: tpro, invoice: invoice.id, amount: '100.00' },
        'ALLOCATION_OTHER_COUNTERPARTY',
      ),
    ).toMatch(/^invoice .+ is not a document of TPRO, which holds /);
  });

  it('across currencies without the document amount; in one currency with a different one', async () => {
    const usd = await insertLine(t, { bank: w.bank.BSLF.USD, amount: '100.00' });
    expect(await refused({ transaction: usd, invoice: invoice.id, amount: '100.00' }, 'RATE_REQUIRED')).toBe(
      'The transaction is in USD and the document in GBP: give the amount in GBP too',
    );
    const gbp = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '100.00' });
    const before = await matchingState(t);
    const res = await allocate(t, w, {
      transaction: gbp,
      invoice: invoice.id,
      amount: '100.00',
      invoice_amount: '99.00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.invoice_amount).toEqual([
      'In one currency the document amount equals the amount',
    ]);
    expect(await matchingState(t)).toEqual(before);
    // a rate the column cannot hold is a field error, not a database failure
    const huge = await allocate(t, w, {
      transaction: usd,
      invoice: invoice.id,
      amount: '0.01',
      invoice_amount: '50000.00',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.invoice_amount).toEqual(['The rate 50000.00 / 0.01 is above 999999']);
    expect(await matchingState(t)).toEqual(before);
  });

  it('no rate set in force on the transaction date', async () => {
    const old = await insertLine(t, { bank: w.bank.BSLF.USD, amount: '100.00', date: daysAgo(200) });
    expect(
      await refused(
        { transaction: old, invoice: invoice.id, amount: '100.00', invoice_amount: '79.00' },
        'NO_RATE_SET',
      ),
    ).toContain('converts USD to GBP');
  });

  it('a closed month: allocating and unmatching', async () => {
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '20.00' });
    const a = await allocated(t, w, { transaction: line, invoice: invoice.id, amount: '10.00' });
    const month = `${todayUtc().slice(0, 7)}-01`;
    await t.database.db.execute(
      sql`insert into period_locks (company_id, month, locked_by) values (${w.company.BSLF}, ${month}, ${w.userId.Admin})`,
    );
    try {
      const detail = await refused(
        { transaction: line, invoice: invoice.id, amount: '10.00' },
        'PERIOD_LOCKED',
      );
      expect(detail).toContain('BSLF');
      const before = await matchingState(t);
      const res = await unmatch(t, w, a.id);
      expect(ruleOf(res).code).toBe('period_locked');
      expect(await matchingState(t)).toEqual(before);
    } finally {
      await t.database.db.execute(sql`delete from period_locks where company_id = ${w.company.BSLF}`);
    }
    expect((await unmatch(t, w, a.id)).statusCode).toBe(204);
  });

  it('unknown documents and transactions, two documents at once', async () => {
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '20.00' });
    const before = await matchingState(t);
    const unknownInvoice = await allocate(t, w, { transaction: line, invoice: 999999, amount: '1.00' });
    expect(unknownInvoice.statusCode).toBe(400);
    expect(unknownInvoice.json().errors.invoice).toBeDefined();
    const unknownLine = await allocate(t, w, { transaction: 999999, invoice: invoice.id, amount: '1.00' });
    expect(unknownLine.json().errors.transaction).toBeDefined();
    const both = await allocate(t, w, { transaction: line, invoice: invoice.id, bill: 1, amount: '1.00' });
    expect(both.statusCode).toBe(400);
    expect(await matchingState(t)).toEqual(before);
  });

  it('only Admin and Accountant match', async () => {
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '20.00' });
    for (const who of ['FO', 'BO'] as const) {
      const res = await allocate(t, w, { transaction: line, invoice: invoice.id, amount: '1.00' }, who);
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await allocate(t, w, { transaction: line, invoice: invoice.id, amount: '1.00' }, 'Admin')).statusCode,
    ).toBe(201);
  });
});

describe('DELETE allocations/{id}/ and the preview', () => {
  it('unmatching restores the line, the document and its register row exactly', async () => {
    const { bill, vouchers } = await supplierDocuments(t, w, {
      cost: '500.00',
      deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: '500.00' }],
    });
    const [invoice] = await invoicesFor(t, w, ['700.00'], { currency: 'EUR' });
    const receive = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '600.00' });
    const spend = await insertLine(t, { bank: w.bank.BSLF.GBP, type: 'SPEND', amount: '500.00' });
    const before = await matchingState(t, { versions: false, audit: false });
    const a = await allocated(t, w, {
      transaction: receive,
      invoice: invoice!.id,
      amount: '555.55',
      invoice_amount: '654.32',
    });
    const b = await allocated(t, w, {
      transaction: spend,
      voucher: vouchers[0]!.id,
      bill: bill!.id,
      amount: '500.00',
    });
    expect(await matchingState(t, { versions: false, audit: false })).not.toEqual(before);
    expect((await unmatch(t, w, b.id)).statusCode).toBe(204);
    expect((await unmatch(t, w, a.id)).statusCode).toBe(204);
    expect(await matchingState(t, { versions: false, audit: false })).toEqual(before);
    const [removed] = await history('allocation', a.id);
    expect(removed).toMatchObject({ action: 'delete', changes: { amount: ['555.55', null] } });
    expect((await unmatch(t, w, a.id)).statusCode).toBe(404);
  });

  it('the preview writes nothing and says whether the document would be Paid', async () => {
    const [invoice] = await invoicesFor(t, w, ['90.00']);
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '100.00' });
    const before = await matchingState(t);
    const res = await t.request({
      method: 'POST',
      url: 'allocations/preview/',
      token: w.token.Accountant,
      payload: { transaction: line, invoice: invoice!.id, amount: '90.00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      transaction_open_after: '10.00',
      document_open_after: '0.00',
      settles_document: true,
    });
    const over = await t.request({
      method: 'POST',
      url: 'allocations/preview/',
      token: w.token.Accountant,
      payload: { transaction: line, invoice: invoice!.id, amount: '95.00' },
    });
    expect(ruleOf(over).code).toBe('over_allocation');
    expect(await matchingState(t)).toEqual(before);
  });
});

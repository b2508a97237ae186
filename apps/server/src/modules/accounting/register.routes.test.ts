import type { CurrencyTotals, RegisterRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  buildRegisterWorld,
  day,
  insertBill,
  insertInvoice,
  type RegisterWorld,
} from './register.test-support.ts';

let t: TestContext;
let w: RegisterWorld;
const doc = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', number>;

/**
 * Six documents, today = T:
 * A invoice  BSLF Anna  GBP 1250.00  issued T-40 due T-26  not sent, Unpaid   (overdue)
 * B invoice  TPRO Anna  EUR  300.10  issued T-10 due T+4   sent,     Partial 100.05
 * C credit   TPRO Anna  EUR -100.05  issued T-5  due T-5   sent,     Paid (applied to B)
 * D bill     BSLF Ritz  GBP 1000.00  issued T-30 due T-20            Unpaid   (overdue)
 * E bill     TPRO Jets  AED 5000.50  issued T-3  due T+27            Paid
 * F invoice  BSLF Émile GBP   99.99  issued T-60 due T-46  sent,     Paid
 */
beforeAll(async () => {
  t = await createTestContext();
  w = await buildRegisterWorld(t);
  const db = t.database.db;
  const rq = w.request;
  await db.transaction(async (tx) => {
    const ex = tx as unknown as Db;
    doc.A = await insertInvoice(ex, w, {
      number: 'BSLF-INV-2026-0001',
      company: w.company.BSLF,
      client: w.client.anna,
      request: rq.annaBslf,
      currency: 'GBP',
      issue: day(-40),
      due: day(-26),
      total: '1250.00',
    });
    doc.B = await insertInvoice(ex, w, {
      number: 'TPRO-INV-2026-0001',
      company: w.company.TPRO,
      client: w.client.anna,
      request: rq.annaTpro,
      currency: 'EUR',
      issue: day(-10),
      due: day(4),
      total: '300.10',
      settled: '100.05',
      sent: true,
    });
    doc.C = await insertInvoice(ex, w, {
      kind: 'credit_note',
      number: 'TPRO-CN-2026-0001',
      company: w.company.TPRO,
      client: w.client.anna,
      request: rq.annaTpro,
      credits: doc.B,
      currency: 'EUR',
      issue: day(-5),
      due: day(-5),
      total: '-100.05',
      settled: '-100.05',
      sent: true,
    });
    doc.D = await insertBill(ex, w, {
      number: 'R-7781',
      company: w.company.BSLF,
      supplier: w.supplier.ritz,
      request: rq.ritz,
      currency: 'GBP',
      issue: day(-30),
      due: day(-20),
      amount: '1000.00',
    });
    doc.E = await insertBill(ex, w, {
      number: 'SJ/2026/118',
      company: w.company.TPRO,
      supplier: w.supplier.jets,
      request: rq.jets,
      currency: 'AED',
      issue: day(-3),
      due: day(27),
      amount: '5000.50',
      settled: '5000.50',
    });
    doc.F = await insertInvoice(ex, w, {
      number: 'BSLF-INV-2026-0002',
      company: w.company.BSLF,
      client: w.emile,
      request: rq.emile,
      currency: 'GBP',
      issue: day(-60),
      due: day(-46),
      total: '99.99',
      settled: '99.99',
      sent: true,
    });
  });
});
afterAll(() => t.close());

type Name = keyof typeof doc;
const NAMES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const nameOf = (row: RegisterRow): Name =>
  NAMES.find((n) => doc[n] === row.id && (row.kind === 'bill') === (n === 'D' || n === 'E'))!;

async function list(query = '', who: 'Admin' | 'Accountant' = 'Accountant') {
  const res = await t.request({ method: 'GET', url: `invoices-and-bills/${query}`, token: w.token[who] });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: RegisterRow[]; meta: { total: number; total_estimated: boolean } };
  return { ...body, names: body.data.map(nameOf) };
}

const names = async (query: string) => (await list(query)).names;

describe('GET invoices-and-bills/', () => {
  it('lists every document, newest first, with its company, counterparty, statuses and page', async () => {
    const all = await list();
    expect(all.names).toEqual(['E', 'C', 'B', 'D', 'A', 'F']);
    expect(all.meta).toMatchObject({ total: 6, total_estimated: false, limit: 20, offset: 0 });
    const byName = Object.fromEntries(all.data.map((r) => [nameOf(r), r]));
    expect(byName.B).toEqual({
      kind: 'invoice',
      id: doc.B,
      number: 'TPRO-INV-2026-0001',
      company: { id: w.company.TPRO, code: 'TPRO', name: expect.any(String) },
      counterparty: { kind: 'client', id: w.client.anna, name: 'Anna Karenina' },
      request_numbers: w.request.annaTpro.number,
      issue_date: day(-10),
      due_date: day(4),
      currency: 'EUR',
      total: '300.10',
      settled_amount: '100.05',
      open_amount: '200.05',
      payment_status: 'Partial',
      sent: true,
      overdue: false,
      url: `/accounting/client-invoices/${doc.B}`,
    });
    expect(byName.D).toMatchObject({
      kind: 'bill',
      counterparty: { kind: 'supplier', id: w.supplier.ritz, name: 'The Ritz London' },
      sent: null,
      overdue: true,
      payment_status: 'Unpaid',
      open_amount: '1000.00',
      url: `/accounting/supplier-invoices/${doc.D}`,
    });
    expect(byName.C).toMatchObject({ kind: 'credit_note', total: '-100.05', payment_status: 'Paid' });
    expect(byName.A).toMatchObject({ overdue: true, sent: false });
  });

  it('filters by kind', async () => {
    expect(await names('?kind=bill')).toEqual(['E', 'D']);
    expect(await names('?kind=credit_note')).toEqual(['C']);
    expect(await names('?kind=invoice')).toEqual(['B', 'A', 'F']);
  });

  it('filters by status: Sent / Not sent on invoices and credit notes, payment states on all', async () => {
    expect(await names('?status=Sent')).toEqual(['C', 'B', 'F']);
    expect(await names('?status=Not%20sent')).toEqual(['A']);
    expect(await names('?status=Unpaid')).toEqual(['D', 'A']);
    expect(await names('?status=Partial')).toEqual(['B']);
    expect(await names('?status=Paid')).toEqual(['E', 'C', 'F']);
  });

  it('filters by company, client, supplier and currency', async () => {
    expect(await names(`?company=${w.company.TPRO}`)).toEqual(['E', 'C', 'B']);
    expect(await names(`?client=${w.client.anna}`)).toEqual(['C', 'B', 'A']);
    expect(await names(`?client=${w.emile}`)).toEqual(['F']);
    expect(await names(`?supplier=${w.supplier.ritz}`)).toEqual(['D']);
    expect(await names(`?supplier=${w.supplier.archived}`)).toEqual([]);
    expect(await names('?currency=EUR')).toEqual(['C', 'B']);
    expect(await names('?currency=USD')).toEqual([]);
  });

  it('filters by issue and due dates (bounds included) and by overdue, measured against today in UTC', async () => {
    expect(await names(`?issue_date_after=${day(-10)}`)).toEqual(['E', 'C', 'B']);
    expect(await names(`?issue_date_before=${day(-30)}`)).toEqual(['D', 'A', 'F']);
    expect(await names(`?issue_date_after=${day(-40)}&issue_date_before=${day(-10)}`)).toEqual([
      'B',
      'D',
      'A',
    ]);
    expect(await names(`?due_before=${day(-20)}`)).toEqual(['D', 'A', 'F']);
    expect(await names(`?due_before=${day(-27)}`)).toEqual(['F']);
    expect(await names('?overdue=true')).toEqual(['D', 'A']);
    expect(await names('?overdue=false')).toEqual(['E', 'C', 'B', 'F']);
  });

  it('combines filters', async () => {
    expect(await names(`?company=${w.company.BSLF}&status=Unpaid`)).toEqual(['D', 'A']);
    expect(await names(`?company=${w.company.BSLF}&status=Sent&currency=GBP`)).toEqual(['F']);
    expect(await names(`?kind=invoice&overdue=true`)).toEqual(['A']);
  });

  it('searches numbers, counterparties (accents folded) and request numbers by word prefixes', async () => {
    expect(await names('?search=TPRO-INV-2026-0001')).toEqual(['B']);
    // numbers and request numbers: the jets bill is on a TPRO request
    expect(await names('?search=tpro')).toEqual(['E', 'C', 'B']);
    expect(await names('?search=0001')).toEqual(['C', 'B', 'A']);
    expect(await names('?search=emile')).toEqual(['F']);
    expect(await names('?search=%C3%89MIL%20zol')).toEqual(['F']);
    expect(await names('?search=ritz')).toEqual(['D']);
    expect(await names('?search=SJ%2F2026%2F118')).toEqual(['E']);
    expect(await names(`?search=${w.request.jets.number}`)).toEqual(['E']);
    expect(await names('?search=karen&kind=credit_note')).toEqual(['C']);
    expect(await names('?search=nobody')).toEqual([]);
  });

  it('looks a typed number up as one word, by its prefix, else by its parts', async () => {
    expect(await names('?search=bslf-inv-2026-000')).toEqual(['A', 'F']);
    expect(await names('?search=SJ%2F2026%2F11')).toEqual(['E']);
    expect(await names(`?search=${w.request.annaTpro.number.toLowerCase()}`)).toEqual(['C', 'B']);
    // no number starts so: the parts, each a word prefix (inv, 2026, 0002)
    expect(await names('?search=INV-2026-0002')).toEqual(['F']);
    const res = await t.request({
      method: 'GET',
      url: 'invoices-and-bills/totals/?search=TPRO-INV-2026',
      token: w.token.Admin,
    });
    expect(res.json().data).toEqual([{ currency: 'EUR', count: 1, total: '300.10', open: '200.05' }]);
  });

  it('orders by each key both ways, ties broken by the register id', async () => {
    expect(await names('?ordering=issue_date')).toEqual(['F', 'A', 'D', 'B', 'C', 'E']);
    expect(await names('?ordering=due_date')).toEqual(['F', 'A', 'D', 'C', 'B', 'E']);
    expect(await names('?ordering=-due_date')).toEqual(['E', 'B', 'C', 'D', 'A', 'F']);
    expect(await names('?ordering=number')).toEqual(['A', 'F', 'D', 'E', 'C', 'B']);
    expect(await names('?ordering=-number')).toEqual(['B', 'C', 'E', 'D', 'F', 'A']);
    // anna karenina ×3 (in register id order), emile zola, sky jets, the ritz london
    expect(await names('?ordering=counterparty')).toEqual(['A', 'B', 'C', 'F', 'E', 'D']);
    expect(await names('?ordering=-counterparty')).toEqual(['D', 'E', 'F', 'C', 'B', 'A']);
    expect(await names('?ordering=total')).toEqual(['C', 'F', 'B', 'D', 'A', 'E']);
    expect(await names('?ordering=-total')).toEqual(['E', 'A', 'D', 'B', 'F', 'C']);
  });

  it('pages with an exact total, also past the last page and while searching', async () => {
    const page2 = await list('?limit=2&offset=2');
    expect(page2.names).toEqual(['B', 'D']);
    expect(page2.meta).toMatchObject({ total: 6, total_estimated: false, limit: 2, offset: 2 });
    expect((await list('?limit=2&offset=4')).names).toEqual(['A', 'F']);
    const past = await list('?limit=2&offset=10');
    expect(past.names).toEqual([]);
    expect(past.meta.total).toBe(6);
    const searched = await list('?search=0001&limit=1&offset=1');
    expect(searched.names).toEqual(['B']);
    expect(searched.meta.total).toBe(3);
  });

  it('refuses unknown filter values with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?status=Overdue', 'status'],
      ['?kind=receipt', 'kind'],
      ['?ordering=client', 'ordering'],
      ['?currency=JPY', 'currency'],
      ['?issue_date_after=2026-02-30', 'issue_date_after'],
      ['?overdue=yes', 'overdue'],
      ['?company=abc', 'company'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: `invoices-and-bills/${query}`,
        token: w.token.Admin,
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('GET invoices-and-bills/totals/', () => {
  const totals = async (query = '') => {
    const res = await t.request({
      method: 'GET',
      url: `invoices-and-bills/totals/${query}`,
      token: w.token.Admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CurrencyTotals[];
  };

  it('sums every match per currency, exactly, with the open amount', async () => {
    expect(await totals()).toEqual([
      { currency: 'AED', count: 1, total: '5000.50', open: '0.00' },
      { currency: 'EUR', count: 2, total: '200.05', open: '200.05' },
      { currency: 'GBP', count: 3, total: '2349.99', open: '2250.00' },
    ]);
  });

  it('takes the list’s filters', async () => {
    expect(await totals(`?company=${w.company.TPRO}&currency=EUR`)).toEqual([
      { currency: 'EUR', count: 2, total: '200.05', open: '200.05' },
    ]);
    expect(await totals('?overdue=true')).toEqual([
      { currency: 'GBP', count: 2, total: '2250.00', open: '2250.00' },
    ]);
    expect(await totals('?search=anna')).toEqual([
      { currency: 'EUR', count: 2, total: '200.05', open: '200.05' },
      { currency: 'GBP', count: 1, total: '1250.00', open: '1250.00' },
    ]);
    expect(await totals('?currency=USD')).toEqual([]);
  });
});

describe('GET invoices-and-bills/export/', () => {
  it('exports the filtered register as CSV in list order, amounts as stored', async () => {
    const res = await t.request({
      method: 'GET',
      url: `invoices-and-bills/export/?format=csv&company=${w.company.TPRO}&ordering=number`,
      token: w.token.Accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoices-and-bills-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Kind,Number,Company,Counterparty,Requests,Issue date,Due date,Currency,Total,Settled,Open,Payment status,Sent,Overdue',
      `Bill,SJ/2026/118,TPRO,Sky Jets,${w.request.jets.number},${day(-3)},${day(27)},AED,5000.50,5000.50,0.00,Paid,,No`,
      `Credit note,TPRO-CN-2026-0001,TPRO,Anna Karenina,${w.request.annaTpro.number},${day(-5)},${day(-5)},EUR,-100.05,-100.05,0.00,Paid,Sent,No`,
      `Invoice,TPRO-INV-2026-0001,TPRO,Anna Karenina,${w.request.annaTpro.number},${day(-10)},${day(4)},EUR,300.10,100.05,200.05,Partial,Sent,No`,
    ]);
  });

  it('exports XLSX', async () => {
    const res = await t.request({
      method: 'GET',
      url: 'invoices-and-bills/export/?format=xlsx&overdue=true',
      token: w.token.Admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('access', () => {
  it('is Admin and Accountant only: FO and BO get 403 on every route', async () => {
    for (const url of ['invoices-and-bills/', 'invoices-and-bills/totals/', 'invoices-and-bills/export/']) {
      for (const who of ['FO', 'BO'] as const) {
        const res = await t.request({ method: 'GET', url, token: w.token[who] });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      const res = await t.request({ method: 'GET', url, token: w.token.Accountant });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

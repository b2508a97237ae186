import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CurrencyTotals, InvoiceRecord, RegisterRow } from '@app/shared';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from './bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  type InvoicesWorld,
  issued,
  todayUtc,
} from './invoices.test-support.ts';
import { expectRegisterConsistent } from './register.test-support.ts';

/**
 * Invoices & Bills end to end: documents written only through their own API (issue, credit,
 * send, record and edit a bill), then found in the register with the states those calls gave
 * them, summed per currency, and equal to rows recomputed from the documents (decision 0010).
 */
let t: TestContext;
let w: InvoicesWorld;
let dataDir: string;
let invoice: InvoiceRecord;
let credited: InvoiceRecord;
let credit: InvoiceRecord;
let bill: { id: number; number: string; version: number };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'register-api-test-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  w = await buildInvoicesWorld(t);
  const admin = w.token.Accountant;

  invoice = await issued(
    t,
    w,
    await confirmedRequest(t, w, [{ sell: '1250.00' }, { sell: '480.35', account_type: 'Disbursement' }], {
      client_id: w.boris,
    }),
  );
  const sent = await t.request({
    method: 'POST',
    url: `client-invoices/${invoice.id}/send/`,
    token: admin,
    payload: {},
  });
  expect(sent.statusCode, sent.body).toBe(200);

  credited = await issued(t, w, await confirmedRequest(t, w, [{ sell: '300.10' }, { sell: '99.90' }]));
  const res = await creditNote(t, w, credited, { lines: [credited.lines[1]!.id] });
  expect(res.statusCode, res.body).toBe(201);
  credit = res.json().data as InvoiceRecord;
  credited = await getInvoice(t, w, credited.id);

  const r = await confirmedRequest(t, w, [{ cost: '700.00', cost_currency: 'EUR' }]);
  const created = await t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: admin,
    ...multipart(
      {
        supplier: String(w.supplier.ritz),
        number: 'RITZ/2026/0457',
        issue_date: todayUtc(),
        currency: 'EUR',
        amount: '700.00',
        lines: JSON.stringify([r.lines[0]!.id]),
      },
      { name: 'ritz.pdf', content: pdfBytes('ritz') },
    ),
  });
  expect(created.statusCode, created.body).toBe(201);
  bill = created.json().data;
  const edited = await t.request({
    method: 'PATCH',
    url: `supplier-invoices/${bill.id}/`,
    token: admin,
    payload: { amount: '705.00', difference_explanation: 'Minibar', version: bill.version },
  });
  expect(edited.statusCode, edited.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await t.request({ method: 'GET', url, token: w.token.Accountant });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

it('lists what the documents’ own calls wrote: issue, sending, credit and a bill’s edit', async () => {
  const rows = (await get('invoices-and-bills/')).data as RegisterRow[];
  const row = (kind: string, id: number) => rows.find((x) => x.kind === kind && x.id === id);
  expect(rows).toHaveLength(4);
  expect(row('invoice', invoice.id)).toMatchObject({
    number: invoice.number,
    counterparty: { kind: 'client', id: w.boris, name: 'Boris Godunov' },
    total: '1730.35',
    open_amount: '1730.35',
    payment_status: 'Unpaid',
    sent: true,
    overdue: false,
  });
  expect(row('invoice', credited.id)).toMatchObject({
    total: '400.00',
    settled_amount: '99.90',
    open_amount: '300.10',
    payment_status: 'Partial',
    sent: false,
  });
  expect(row('credit_note', credit.id)).toMatchObject({ total: '-99.90', payment_status: 'Paid' });
  expect(row('bill', bill.id)).toMatchObject({
    number: 'RITZ/2026/0457',
    counterparty: { kind: 'supplier', id: w.supplier.ritz, name: 'The Ritz London' },
    currency: 'EUR',
    total: '705.00',
    sent: null,
  });
  const found = (await get(`invoices-and-bills/?search=${invoice.number}&status=Sent`)).data as RegisterRow[];
  expect(found.map((x) => x.id)).toEqual([invoice.id]);
});

it('sums the documents per currency as their records give them', async () => {
  const totals = (await get('invoices-and-bills/totals/')).data as CurrencyTotals[];
  const gbp = [invoice, credited, credit];
  expect(totals).toEqual([
    { currency: 'EUR', count: 1, total: '705.00', open: '705.00' },
    {
      currency: 'GBP',
      count: 3,
      total: gbp.reduce((s, d) => s.plus(d.total), new Decimal(0)).toFixed(2),
      open: gbp.reduce((s, d) => s.plus(d.open_amount), new Decimal(0)).toFixed(2),
    },
  ]);
});

it('holds exactly the rows recomputed from the documents', async () => {
  expect(await expectRegisterConsistent(t.database.db)).toBe(4);
});

import type { InvoiceRecord } from '@app/shared';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  addIncomeBank,
  buildInvoicesWorld,
  confirmedRequest,
  getRequest,
  type InvoicesWorld,
  issue,
  issued,
  thisYear,
  todayUtc,
  writtenState,
} from './invoices.test-support.ts';

let t: TestContext;
let w: InvoicesWorld;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildInvoicesWorld(t);
});
afterAll(() => t.close());

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The register row of a document, as the list reads it. */
async function registerRow(docId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select doc_kind, company_id, counterparty_kind, counterparty_id, counterparty_name, number,
          request_numbers, issue_date::text, due_date::text, currency, total::text, settled_amount::text,
          open_amount::text, payment_status, sent
        from document_register where doc_kind in ('invoice', 'credit_note') and doc_id = ${docId}`,
  );
  return row;
}

describe('POST client-invoices/', () => {
  it('issues an invoice from Confirmed lines: number, stamp, snapshots, lines Invoiced, register, audit', async () => {
    const r = await confirmedRequest(t, w, [
      { sell: '1250.00', hotel_name: 'The Ritz', room_type: 'Deluxe', pax: 2, description: 'Honeymoon' },
      {
        hotel_name: null,
        account_type: 'Disbursement',
        sell: '80.50',
        cost: '80.50',
        description: 'Visa fees',
      },
    ]);
    const res = await issue(t, w, { request: r.id, lines: r.lines.map((l) => l.id), internal_note: 'VIP' });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().data as InvoiceRecord;
    const today = todayUtc();
    expect(inv).toMatchObject({
      kind: 'invoice',
      number: `BSLF-INV-${thisYear}-0001`,
      company: { id: w.company.BSLF, code: 'BSLF' },
      client: { id: w.client.anna, name: 'Anna Karenina' },
      request: { id: r.id, number: r.number },
      currency: 'GBP',
      issue_date: today,
      due_date: addDays(today, 14),
      total: '1330.50',
      settled_amount: '0.00',
      open_amount: '1330.50',
      payment_status: 'Unpaid',
      sent_at: null,
      overdue: false,
      pdf_url: `/api/v1/client-invoices/${inv.id}/pdf/`,
      base_currency: 'GBP',
      rate_set_id: w.rateSet,
      rate: '1.000000',
      total_base: '1330.50',
      bill_to: { name: 'Anna Karenina', address: null, city: null, country: null, email: null },
      internal_note: 'VIP',
      credits_invoice: null,
      credit_notes: [],
      applications: [],
      version: 1,
    });
    expect(
      inv.lines.map((l) => [l.position, l.amount, l.vat_treatment, l.line_status, l.request.number]),
    ).toEqual([
      [1, '1250.00', 'toms', 'Invoiced', r.number],
      [2, '80.50', 'disbursement', 'Invoiced', r.number],
    ]);
    expect(inv.lines[0]!.description).toBe('Hotel: The Ritz, Deluxe · 2 pax · Honeymoon');
    expect(inv.lines[0]).toMatchObject({ service_date_from: '2026-06-01', service_date_to: '2026-06-05' });

    // the seller's snapshot carries the Income account the client pays into (the PDF prints it)
    const [row] = await queryRows<{ seller: Record<string, unknown> }>(
      t.database.db,
      sql`select seller from client_invoices where id = ${inv.id}`,
    );
    expect(row!.seller).toEqual({
      name: 'Bespoke Lifestyle Ltd',
      address: '20 Berkeley Square, London W1J 6EQ',
      vat_number: 'GB284771023',
      registration_number: null,
      base_currency: 'GBP',
      bank: {
        account_name: 'Bespoke Lifestyle Ltd',
        bank_name: 'Coutts & Co',
        account_number: 'GB29NWBK60161331926819',
        swift: 'COUTGB22',
        currency: 'GBP',
      },
    });

    const after = await getRequest(t, w, r.id);
    expect(after.lines.map((l) => l.status)).toEqual(['Invoiced', 'Invoiced']);
    expect(after.lines.map((l) => l.version)).toEqual(r.lines.map((l) => l.version + 1));
    expect(after.status).toBe('Invoiced');
    expect(after.has_invoice).toBe(true);

    expect(await registerRow(inv.id)).toEqual({
      doc_kind: 'invoice',
      company_id: w.company.BSLF,
      counterparty_kind: 'client',
      counterparty_id: w.client.anna,
      counterparty_name: 'Anna Karenina',
      number: inv.number,
      request_numbers: r.number,
      issue_date: inv.issue_date,
      due_date: inv.due_date,
      currency: 'GBP',
      total: '1330.50',
      settled_amount: '0.00',
      open_amount: '1330.50',
      payment_status: 'Unpaid',
      sent: false,
    });

    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=client_invoice&entity_id=${inv.id}`,
      token: w.token.Accountant,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data[0]).toMatchObject({ action: 'create', changes: { number: [null, inv.number] } });
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=request&entity_id=${r.id}`,
      token: w.token.Accountant,
    });
    const lineKey = `line ${r.lines[0]!.id}`;
    expect(history.json().data[0].changes[lineKey][1]).toMatchObject({ status: 'Invoiced' });
  });

  it('numbers each company and series on its own, without gaps, and stamps a foreign currency', async () => {
    const a = await issued(t, w, await confirmedRequest(t, w));
    const b = await issued(t, w, await confirmedRequest(t, w));
    expect(Number(b.number.slice(-4))).toBe(Number(a.number.slice(-4)) + 1);
    const tpro = await confirmedRequest(t, w, [{ sell: '1000.00' }], { company_id: w.company.TPRO });
    const c = await issued(t, w, tpro);
    expect(c.number).toBe(`TPRO-INV-${thisYear}-0001`);
    // GBP on an AED company: the set's GBP → AED sell rate, and the total in AED at it
    expect(c.base_currency).toBe('AED');
    expect(c.rate).not.toBe('1.000000');
    expect(c.total_base).toBe(
      new Decimal('1000').times(c.rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );
  });

  it("takes the due date from the client's terms, else 14 days, and a given issue date", async () => {
    const today = todayUtc();
    const boris = await confirmedRequest(t, w, [{}], { client_id: w.boris });
    const inv = await issued(t, w, boris);
    expect(inv.due_date).toBe(addDays(today, 30));
    expect(inv.bill_to).toEqual({
      name: 'Boris Godunov',
      address: '1 Red Square',
      city: 'Moscow',
      country: 'Russia',
      email: 'boris@example.com',
    });
    const yesterday = addDays(today, -1);
    const dated = await issued(t, w, await confirmedRequest(t, w), { issue_date: yesterday });
    expect([dated.issue_date, dated.due_date]).toEqual([yesterday, addDays(yesterday, 14)]);
    const due = addDays(today, 3);
    expect((await issued(t, w, await confirmedRequest(t, w), { due_date: due })).due_date).toBe(due);
  });

  it('invoices lines of several requests of one client and company (a group invoice)', async () => {
    const a = await confirmedRequest(t, w, [{ sell: '100.00' }]);
    const b = await confirmedRequest(t, w, [{ sell: '200.00' }, { sell: '300.00' }]);
    const inv = await issued(t, w, a, { lines: [b.lines[1]!.id, a.lines[0]!.id, b.lines[0]!.id] });
    expect(inv.total).toBe('600.00');
    expect(inv.lines.map((l) => [l.request.number, l.amount])).toEqual([
      [a.number, '100.00'],
      [b.number, '200.00'],
      [b.number, '300.00'],
    ]);
    expect((await getRequest(t, w, b.id)).has_invoice).toBe(true);
    expect((await registerRow(inv.id))!.request_numbers).toBe(`${a.number}, ${b.number}`);
  });
});

describe('POST client-invoices/ refusals: each a 400 with a code and a sentence, nothing written', () => {
  async function refused(body: Record<string, unknown>) {
    const before = await writtenState(t);
    const res = await issue(t, w, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(await writtenState(t)).toEqual(before);
    return res.json().errors as Array<{ code: string; detail: string }> | Record<string, string[]>;
  }

  it('line_not_found', async () => {
    const r = await confirmedRequest(t, w);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id, 99999999] })).toEqual([
      { code: 'line_not_found', detail: 'Service line 99999999 does not exist.' },
    ]);
  });

  it('line_of_another_client and line_of_another_company', async () => {
    const mine = await confirmedRequest(t, w);
    const boris = await confirmedRequest(t, w, [{}], { client_id: w.boris });
    expect(await refused({ request: mine.id, lines: [mine.lines[0]!.id, boris.lines[0]!.id] })).toEqual([
      {
        code: 'line_of_another_client',
        detail: `Line 1 of ${boris.number} is for another client than ${mine.number}: an invoice goes to one client.`,
      },
    ]);
    const tpro = await confirmedRequest(t, w, [{}], { company_id: w.company.TPRO });
    expect(await refused({ request: mine.id, lines: [tpro.lines[0]!.id] })).toEqual([
      {
        code: 'line_of_another_company',
        detail: `Line 1 of ${tpro.number} is booked by another company than ${mine.number}: an invoice is issued by one company.`,
      },
    ]);
  });

  it('line_canceled and line_not_confirmed', async () => {
    const r = await confirmedRequest(t, w, [{}, {}, {}], {}, (i) => i !== 2);
    const cancel = await t.request({
      method: 'POST',
      url: `requests/${r.id}/lines/${r.lines[1]!.id}/status/`,
      token: w.token.BO,
      payload: { status: 'Canceled', version: r.lines[1]!.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id, r.lines[1]!.id] })).toEqual([
      { code: 'line_canceled', detail: `Line 2 of ${r.number} is canceled.` },
    ]);
    expect(await refused({ request: r.id, lines: [r.lines[2]!.id] })).toEqual([
      {
        code: 'line_not_confirmed',
        detail: `Line 3 of ${r.number} is not confirmed yet: only Confirmed lines are invoiced.`,
      },
    ]);
  });

  it('line_already_invoiced names the invoice', async () => {
    const r = await confirmedRequest(t, w, [{}, {}]);
    const first = await issued(t, w, r, { lines: [r.lines[0]!.id] });
    expect(await refused({ request: r.id, lines: [r.lines[1]!.id, r.lines[0]!.id] })).toEqual([
      {
        code: 'line_already_invoiced',
        detail: `Line 1 of ${r.number} is already on invoice ${first.number}: credit it first to invoice it again.`,
      },
    ]);
  });

  it('currency_mismatch between the lines, and against the body', async () => {
    const r = await confirmedRequest(t, w, [{}, { sell_currency: 'EUR' }]);
    expect(await refused({ request: r.id, lines: r.lines.map((l) => l.id) })).toEqual([
      {
        code: 'currency_mismatch',
        detail: `Line 2 of ${r.number} is sold in EUR, the invoice is in GBP: an invoice has one currency.`,
      },
    ]);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id], currency: 'EUR' })).toEqual([
      {
        code: 'currency_mismatch',
        detail: "The lines are sold in GBP, not EUR: the invoice is in the lines' currency.",
      },
    ]);
    // the lines' currency decides: EUR alone is fine (BSLF has an Income account in EUR)
    expect((await issued(t, w, r, { lines: [r.lines[1]!.id], currency: 'EUR' })).currency).toBe('EUR');
  });

  it('no_income_account, then issued once the account exists', async () => {
    const r = await confirmedRequest(t, w, [{ sell_currency: 'USD' }]);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id] })).toEqual([
      {
        code: 'no_income_account',
        detail: 'BSLF has no Income bank account in USD: add one so the invoice carries payment details.',
      },
    ]);
    await addIncomeBank(t, w, w.company.BSLF, 'USD', 'US12345678901234');
    expect((await issued(t, w, r)).currency).toBe('USD');
  });

  it('no_rate_set when no set was in force on the issue date', async () => {
    const r = await confirmedRequest(t, w);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id], issue_date: '2020-01-15' })).toEqual([
      {
        code: 'no_rate_set',
        detail: 'No rate set was in force on 15/01/2020: enter the rates first.',
      },
    ]);
  });

  it('request_canceled', async () => {
    const r = await confirmedRequest(t, w);
    const cancel = await t.request({
      method: 'POST',
      url: `requests/${r.id}/cancel/`,
      token: w.token.FO,
      payload: { version: r.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await refused({ request: r.id, lines: [r.lines[0]!.id] })).toEqual([
      { code: 'request_canceled', detail: `Request ${r.number} is canceled: it takes no new invoice.` },
    ]);
  });

  it('field errors: an issue date in the future, a due date before it, no lines, duplicated lines', async () => {
    const r = await confirmedRequest(t, w);
    const line = r.lines[0]!.id;
    const today = todayUtc();
    const [y, m, d] = today.split('-');
    expect(await refused({ request: r.id, lines: [line], issue_date: addDays(today, 1) })).toEqual({
      issue_date: [`Maximum date: ${d}/${m}/${y}`],
    });
    expect(await refused({ request: r.id, lines: [line], due_date: addDays(today, -1) })).toEqual({
      due_date: [`Minimum date: ${d}/${m}/${y}`],
    });
    expect(await refused({ request: r.id, lines: [] })).toHaveProperty('lines');
    expect(await refused({ request: r.id, lines: [line, line] })).toHaveProperty('lines');
    expect(await refused({ request: 99999999, lines: [line] })).toEqual({ request: ['Invalid field value'] });
  });
});

describe('GET client-invoices/', () => {
  it('lists from the register with its filters, counted, and answers a record', async () => {
    const r = await confirmedRequest(t, w, [{}], { client_id: w.boris });
    const inv = await issued(t, w, r);
    const list = async (q: string) => {
      const res = await t.request({ method: 'GET', url: `client-invoices/${q}`, token: w.token.Accountant });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: InvoiceRecord[]; meta: { total: number; total_estimated: boolean } };
    };
    const byRequest = await list(`?request=${r.id}`);
    expect(byRequest.data.map((i) => i.number)).toEqual([inv.number]);
    expect(byRequest.meta).toMatchObject({ total: 1, total_estimated: false });
    expect(byRequest.data[0]).toMatchObject({
      client: { id: w.boris, name: 'Boris Godunov' },
      total: '1250.00',
    });
    expect((await list(`?search=${inv.number}`)).data.map((i) => i.id)).toEqual([inv.id]);
    expect((await list(`?client=${w.boris}&status=Not sent`)).data.map((i) => i.id)).toContain(inv.id);
    expect((await list(`?client=${w.boris}&status=Sent`)).meta.total).toBe(0);
    expect((await list(`?client=${w.boris}&kind=credit_note`)).meta.total).toBe(0);
    expect((await list('?overdue=true')).meta.total).toBe(0);
    const all = await list('?limit=500');
    expect(all.meta.total).toBe(all.data.length);
    const dates = all.data.map((i) => i.issue_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const tproGbp = await list(`?ordering=number&currency=GBP&company=${w.company.TPRO}`);
    expect(tproGbp.data.length).toBeGreaterThan(0);
    expect(tproGbp.data.every((i) => i.company.code === 'TPRO' && i.currency === 'GBP')).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: 'client-invoices/99999999/', token: w.token.Admin })).statusCode,
    ).toBe(404);
  });
});

describe('immutability', () => {
  it('PATCH takes only the internal note; any other field is invoice_immutable', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w));
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `client-invoices/${inv.id}/`, token: w.token.Accountant, payload });
    const refused = await patch({ total: '1.00', due_date: '2030-01-01', version: inv.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        code: 'invoice_immutable',
        detail:
          'An issued invoice does not change (total, due_date): correct it with a credit note and a new invoice.',
      },
    ]);
    const ok = await patch({ internal_note: 'Client asked for a copy', version: inv.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      internal_note: 'Client asked for a copy',
      version: 2,
      total: inv.total,
    });
    expect((await patch({ internal_note: 'x', version: 1 })).statusCode).toBe(409);
  });

  it('the database refuses any other change of an issued document, and its deletion', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w));
    const db = t.database.db;
    const attempts = [
      sql`update client_invoices set total = 1 where id = ${inv.id}`,
      sql`update client_invoices set due_date = due_date + 1 where id = ${inv.id}`,
      sql`update client_invoices set bill_to = '{}'::jsonb where id = ${inv.id}`,
      sql`delete from client_invoices where id = ${inv.id}`,
      sql`update client_invoice_lines set amount = 1 where invoice_id = ${inv.id}`,
      sql`delete from client_invoice_lines where invoice_id = ${inv.id}`,
    ];
    for (const attempt of attempts)
      expect(await failure(db.execute(attempt))).toMatch(/^invoice_immutable: /);
    // what the guard lets through: the note, and a line credited once (null -> set), never reset
    await db.execute(sql`update client_invoices set internal_note = 'ok' where id = ${inv.id}`);
    await db.execute(sql`update client_invoice_lines set credited_at = now() where invoice_id = ${inv.id}`);
    expect(
      await failure(
        db.execute(sql`update client_invoice_lines set credited_at = null where invoice_id = ${inv.id}`),
      ),
    ).toMatch(/^invoice_immutable: /);
    expect(await getInvoiceTotal(inv.id)).toBe(inv.total);
  });
});

/** The database's own message of a refused statement (drizzle wraps it as the cause). */
async function failure(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (err) {
    const e = err as { message: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message;
  }
  return 'no error';
}

async function getInvoiceTotal(id: number) {
  const [row] = await queryRows<{ total: string }>(
    t.database.db,
    sql`select total::text from client_invoices where id = ${id}`,
  );
  return row!.total;
}

describe('roles', () => {
  it('answers FO and BO 403 on every route', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w));
    for (const who of ['FO', 'BO'] as const) {
      const calls = [
        { method: 'GET', url: 'client-invoices/' },
        { method: 'GET', url: `client-invoices/${inv.id}/` },
        { method: 'POST', url: 'client-invoices/', payload: { request: inv.request.id, lines: [1] } },
        { method: 'PATCH', url: `client-invoices/${inv.id}/`, payload: { internal_note: 'x', version: 1 } },
        {
          method: 'POST',
          url: `client-invoices/${inv.id}/credit-note/`,
          payload: { reason: 'x', version: 1 },
        },
        { method: 'GET', url: `audit/?entity=client_invoice&entity_id=${inv.id}` },
      ] as const;
      for (const call of calls) {
        const res = await t.request({ ...call, token: w.token[who] } as never);
        expect(res.statusCode, `${who} ${call.method} ${call.url}`).toBe(403);
      }
    }
    expect(await getInvoiceTotal(inv.id)).toBe(inv.total);
  });
});

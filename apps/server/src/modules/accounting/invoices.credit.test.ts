import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  getRequest,
  type InvoicesWorld,
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

/** The register row beside its document: the columns they share must agree. */
async function registerMatchesDocument(id: number) {
  const rows = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select r.number = i.number and r.total = i.total and r.settled_amount = i.settled_amount
              and r.open_amount = i.open_amount and r.payment_status = i.payment_status
              and r.doc_kind = i.kind and r.sent = (i.sent_at is not null)
              and r.issue_date = i.issue_date and r.due_date = i.due_date as same
        from client_invoices i join document_register r on r.doc_kind = i.kind and r.doc_id = i.id
        where i.id = ${id}`,
  );
  return rows[0]?.same ?? 'no register row';
}

async function setSettled(id: number, amount: string) {
  // what issue 11's allocations will do (the guard lets settled_amount through)
  await t.database.db.execute(sql`update client_invoices set settled_amount = ${amount} where id = ${id}`);
}

describe('POST client-invoices/{id}/credit-note/', () => {
  it('reverses every live line at the original rate, frees the request lines, and settles by credit', async () => {
    const r = await confirmedRequest(t, w, [{ sell: '1000.00' }, { sell: '250.00' }], {
      company_id: w.company.TPRO,
    });
    const inv = await issued(t, w, r);
    const res = await creditNote(t, w, inv, { reason: '  Trip cancelled by the client ' });
    expect(res.statusCode, res.body).toBe(201);
    const cn = res.json().data;
    expect(cn).toMatchObject({
      kind: 'credit_note',
      number: `TPRO-CN-${thisYear}-0001`,
      credits_invoice: { id: inv.id, number: inv.number },
      reason: 'Trip cancelled by the client',
      currency: 'GBP',
      issue_date: todayUtc(),
      total: '-1250.00',
      rate_set_id: inv.rate_set_id,
      rate: inv.rate,
      total_base: `-${inv.total_base}`,
      settled_amount: '-1250.00',
      open_amount: '0.00',
      payment_status: 'Paid',
      bill_to: inv.bill_to,
    });
    expect(
      cn.lines.map((l: { amount: string; reverses_line_id: number }) => [l.amount, l.reverses_line_id]),
    ).toEqual(inv.lines.map((l) => [`-${l.amount}`, l.id]));

    const original = await getInvoice(t, w, inv.id);
    expect(original).toMatchObject({
      total: '1250.00',
      settled_amount: '1250.00',
      open_amount: '0.00',
      payment_status: 'Paid',
      version: inv.version + 1,
      credit_notes: [{ id: cn.id, number: cn.number, total: '-1250.00' }],
      applications: [
        {
          credit_note: { id: cn.id, number: cn.number },
          invoice: { id: inv.id, number: inv.number },
          amount: '1250.00',
        },
      ],
    });
    expect(original.lines.every((l) => l.credited_at !== null && l.line_status === 'Confirmed')).toBe(true);

    const req = await getRequest(t, w, r.id);
    expect(req.lines.map((l) => l.status)).toEqual(['Confirmed', 'Confirmed']);
    expect(req.has_invoice).toBe(false);
    expect(req.status).toBe('Confirmed');
    expect(await registerMatchesDocument(inv.id)).toBe(true);
    expect(await registerMatchesDocument(cn.id)).toBe(true);

    // the freed lines go on a new invoice with a new number; the old one is never reused
    const again = await issued(t, w, r);
    expect(again.number).toBe(`TPRO-INV-${thisYear}-0002`);
    expect(again.number).not.toBe(inv.number);
    expect((await getRequest(t, w, r.id)).has_invoice).toBe(true);

    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=client_invoice&entity_id=${inv.id}`,
      token: w.token.Admin,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'update',
      changes: { settled_amount: ['0.00', '1250.00'], credited_by: [null, `${cn.number}: lines 1, 2`] },
    });
  });

  it('credits chosen lines only; the rest stays invoiced, and the invoice is Partial', async () => {
    const r = await confirmedRequest(t, w, [{ sell: '300.00' }, { sell: '700.00' }]);
    const inv = await issued(t, w, r);
    const res = await creditNote(t, w, inv, { lines: [inv.lines[1]!.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: '-700.00', payment_status: 'Paid' });
    const original = await getInvoice(t, w, inv.id);
    expect(original).toMatchObject({
      settled_amount: '700.00',
      open_amount: '300.00',
      payment_status: 'Partial',
    });
    const req = await getRequest(t, w, r.id);
    expect(req.lines.map((l) => l.status)).toEqual(['Invoiced', 'Confirmed']);
    expect(req.has_invoice).toBe(true);

    // crediting the same line again, or a line of another invoice
    const before = await writtenState(t);
    const twice = await creditNote(t, w, original, { lines: [inv.lines[1]!.id] });
    expect(twice.json().errors).toEqual([
      { code: 'line_already_credited', detail: `Line 2 of ${inv.number} is already credited.` },
    ]);
    const other = await issued(t, w, await confirmedRequest(t, w));
    const foreign = await creditNote(t, w, original, { lines: [other.lines[0]!.id] });
    expect(foreign.json().errors).toEqual([
      { code: 'line_not_on_invoice', detail: `Line ${other.lines[0]!.id} is not a line of ${inv.number}.` },
    ]);
    expect((await writtenState(t)).invoices).toBe((before.invoices as number) + 1);
    expect((await writtenState(t)).counters).toBe((before.counters as number) + 1);

    // the last live line: then nothing is left to credit
    expect((await creditNote(t, w, original)).statusCode).toBe(201);
    const done = await getInvoice(t, w, inv.id);
    expect(done.payment_status).toBe('Paid');
    const nothing = await creditNote(t, w, done);
    expect(nothing.json().errors).toEqual([
      { code: 'line_already_credited', detail: `Every line of ${inv.number} is already credited.` },
    ]);
  });

  it('leaves what cannot be applied open on the credit note when the invoice was paid', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w, [{ sell: '1000.00' }]));
    await setSettled(inv.id, '600.00');
    const paidPart = await getInvoice(t, w, inv.id);
    expect(paidPart.payment_status).toBe('Partial');
    const cn = (await creditNote(t, w, paidPart)).json().data;
    expect(cn).toMatchObject({
      total: '-1000.00',
      settled_amount: '-400.00',
      open_amount: '-600.00',
      payment_status: 'Partial',
    });
    expect(await getInvoice(t, w, inv.id)).toMatchObject({
      settled_amount: '1000.00',
      payment_status: 'Paid',
    });
    expect(await registerMatchesDocument(cn.id)).toBe(true);

    const fullyPaid = await issued(t, w, await confirmedRequest(t, w, [{ sell: '50.00' }]));
    await setSettled(fullyPaid.id, '50.00');
    const refund = (await creditNote(t, w, await getInvoice(t, w, fullyPaid.id))).json().data;
    expect(refund).toMatchObject({ settled_amount: '0.00', payment_status: 'Unpaid', applications: [] });
  });

  it('cancels the request lines with cancel_lines, or when the request is canceled', async () => {
    const r = await confirmedRequest(t, w, [{}, {}]);
    const inv = await issued(t, w, r, { lines: [r.lines[0]!.id] });
    expect((await creditNote(t, w, inv, { cancel_lines: true })).statusCode).toBe(201);
    expect((await getRequest(t, w, r.id)).lines.map((l) => l.status)).toEqual(['Canceled', 'Confirmed']);

    const c = await confirmedRequest(t, w, [{}, {}]);
    const cInv = await issued(t, w, c, { lines: [c.lines[0]!.id] });
    const current = await getRequest(t, w, c.id);
    const cancel = await t.request({
      method: 'POST',
      url: `requests/${c.id}/cancel/`,
      token: w.token.FO,
      payload: { version: current.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await creditNote(t, w, cInv)).statusCode).toBe(201);
    const after = await getRequest(t, w, c.id);
    expect(after.lines.map((l) => l.status)).toEqual(['Canceled', 'Canceled']);
    expect(after.has_invoice).toBe(false);
  });

  it('drops the Inactive payment vouchers of the lines it cancels', async () => {
    const deadlines = [{ type: 'Final payment', due_date: '2027-02-01', amount: '400.00' }];
    const r = await confirmedRequest(t, w, [{ deadlines }, { deadlines }]);
    const vouchersOf = async (lineId: number) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from payment_vouchers where line_id = ${lineId}`,
        )
      )[0]!.n;
    expect(await vouchersOf(r.lines[0]!.id)).toBe(1);
    const inv = await issued(t, w, r);
    const res = await creditNote(t, w, inv, { lines: [inv.lines[0]!.id], cancel_lines: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await vouchersOf(r.lines[0]!.id)).toBe(0);
    expect(await vouchersOf(r.lines[1]!.id)).toBe(1);
  });

  it('keeps a credited line that went back to unconfirmed from being deleted: the invoice still names it', async () => {
    const r = await confirmedRequest(t, w, [{}, {}]);
    const inv = await issued(t, w, r, { lines: [r.lines[0]!.id] });
    expect((await creditNote(t, w, inv)).statusCode).toBe(201);
    const line = (await getRequest(t, w, r.id)).lines[0]!;
    const undo = await t.request({
      method: 'POST',
      url: `requests/${r.id}/lines/${line.id}/status/`,
      token: w.token.BO,
      payload: { status: null, version: line.version },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const del = await t.request({
      method: 'DELETE',
      url: `requests/${r.id}/lines/${line.id}/`,
      token: w.token.BO,
    });
    expect(del.statusCode, del.body).toBe(400);
    expect(del.json().errors[0]).toMatchObject({
      code: 'request_line_locked',
      detail: 'This line has been on an invoice or a bill, which keep it; cancel it instead',
    });
    expect((await getRequest(t, w, r.id)).lines).toHaveLength(2);
  });

  it('refuses a credit note of a credit note, a stale version and an unknown invoice, writing nothing', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w));
    const cn = (await creditNote(t, w, inv)).json().data;
    const before = await writtenState(t);
    const ofNote = await creditNote(t, w, cn);
    expect(ofNote.statusCode).toBe(400);
    expect(ofNote.json().errors).toEqual([
      {
        code: 'invoice_is_credit_note',
        detail: `${cn.number} is a credit note: only an invoice is credited.`,
      },
    ]);
    const other = await issued(t, w, await confirmedRequest(t, w));
    const mid = await writtenState(t);
    const stale = await creditNote(t, w, { id: other.id, version: other.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect((await creditNote(t, w, { id: 99999999, version: 1 })).statusCode).toBe(404);
    expect(await writtenState(t)).toEqual(mid);
    expect(before.invoices).toBe((mid.invoices as number) - 1);
    const noReason = await creditNote(t, w, other, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
  });
});

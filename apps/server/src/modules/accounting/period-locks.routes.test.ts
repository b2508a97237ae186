import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BillRecord,
  type InvoiceRecord,
  MESSAGES,
  PERIOD_LOCK_MESSAGES,
  type PeriodLock,
} from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { billState, multipart, pdfBytes } from './bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  type InvoicesWorld,
  issue,
  issued,
  todayUtc,
  type Who,
  writtenState,
} from './invoices.test-support.ts';
import { isPeriodLockViolation, periodLockError } from './period-locks.guard.ts';

let t: TestContext;
let w: InvoicesWorld;
let dataDir: string;

/** The month before this one (closable: it has ended) and a day in it; today's month stays open. */
const now = new Date();
const lockMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  .toISOString()
  .slice(0, 7);
const lockedDay = `${lockMonth}-15`;
const thisMonth = now.toISOString().slice(0, 7);
const today = todayUtc();
const LOCKED_BSLF = PERIOD_LOCK_MESSAGES.locked(lockMonth, 'BSLF');

/** Made before the month is closed: two invoices and a bill dated in it, and a bank line. */
let oldInvoice: InvoiceRecord;
let unpaidInvoice: InvoiceRecord;
let oldBill: BillRecord;
let gbpBank: number;
let oldLine: number;

const db = () => t.database.db;
const exec = (q: SQL) => db().execute(q);
const one = async <T>(q: SQL) => (await queryRows<T>(db(), q))[0]!;

const close = (month: string, company = w.company.BSLF, who: Who = 'Accountant') =>
  t.request({
    method: 'POST',
    url: 'period-locks/',
    token: w.token[who],
    payload: { company, month },
  });
const reopen = (month: string, company = w.company.BSLF, who: Who = 'Admin') =>
  t.request({ method: 'DELETE', url: `period-locks/${company}/${month}/`, token: w.token[who] });

let billNo = 0;
const postBill = (lines: number[], over: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: w.token.Accountant,
    ...multipart(
      {
        supplier: String(w.supplier.ritz),
        number: `R-${++billNo}`,
        issue_date: today,
        currency: 'GBP',
        amount: '1000.00',
        lines: JSON.stringify(lines),
        ...over,
      },
      { name: 'bill.pdf', content: pdfBytes(`bill-${billNo}`) },
    ),
  });
const patchBill = (id: number, payload: Record<string, unknown>) =>
  t.request({
    method: 'PATCH',
    url: `supplier-invoices/${id}/`,
    token: w.token.Accountant,
    payload: payload as never,
  });
const getBill = async (id: number): Promise<BillRecord> =>
  (await t.request({ method: 'GET', url: `supplier-invoices/${id}/`, token: w.token.Accountant })).json()
    .data;

type Answer = { statusCode: number; body: string; json(): unknown };

/** A refusal by rule: 400, the code, the sentence. */
function expectRule(res: Answer, code: string, sentence: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ errors: [{ code, detail: sentence }] });
}
/** A refusal of the closed month. */
const expectLocked = (res: Answer, sentence = LOCKED_BSLF) => expectRule(res, 'period_locked', sentence);

/** Runs SQL expected to be refused by the trigger; answers the error. */
async function refused(q: SQL): Promise<unknown> {
  const err = await exec(q).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the trigger refuses').not.toBeNull();
  expect(isPeriodLockViolation(err)).toBe(true);
  return err;
}

const insertBankLine = (date: string, bank = gbpBank) =>
  exec(sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, search_vector)
           values (${bank}, 'GBP', 'RECEIVE', 'pay', ${date}::date, 100, ''::tsvector)`);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'period-locks-test-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  w = await buildInvoicesWorld(t);
  oldInvoice = await issued(t, w, await confirmedRequest(t, w), { issue_date: lockedDay });
  unpaidInvoice = await issued(t, w, await confirmedRequest(t, w), { issue_date: lockedDay });
  const billed = await confirmedRequest(t, w);
  const res = await postBill([billed.lines[0]!.id], { issue_date: lockedDay });
  expect(res.statusCode, res.body).toBe(201);
  oldBill = res.json().data;
  gbpBank = (
    await one<{ id: number }>(
      sql`select id from banks where company_id = ${w.company.BSLF} and currency = 'GBP'`,
    )
  ).id;
  await insertBankLine(lockedDay);
  oldLine = (await one<{ id: number }>(sql`select max(id)::int as id from bank_transactions`)).id;
  const res2 = await close(lockMonth);
  expect(res2.statusCode, res2.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('closing a month', () => {
  it('answers the lock, lists it newest month first and audits it under the company', async () => {
    const list = await t.request({
      method: 'GET',
      url: `period-locks/?company=${w.company.BSLF}`,
      token: w.token.Accountant,
    });
    expect(list.statusCode, list.body).toBe(200);
    const locks = list.json().data as PeriodLock[];
    expect(locks).toEqual([
      {
        company: { id: w.company.BSLF, code: 'BSLF', name: expect.any(String) },
        month: lockMonth,
        locked: true,
        locked_at: expect.any(String),
        locked_by: { id: w.userId.Accountant, name: 'Arthur Accountant' },
        reopened_at: null,
        reopened_by: null,
      },
    ]);
    const older = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1))
      .toISOString()
      .slice(0, 7);
    const res = await close(older, w.company.TPRO, 'Admin');
    expect(res.statusCode, res.body).toBe(201);
    const all = (await t.request({ method: 'GET', url: 'period-locks/', token: w.token.Admin })).json()
      .data as PeriodLock[];
    expect(all.map((l) => [l.company.code, l.month])).toEqual([
      ['BSLF', lockMonth],
      ['TPRO', older],
    ]);
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=period_lock&entity_id=${w.company.BSLF}`,
      token: w.token.Accountant,
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'update',
        user: expect.objectContaining({ id: w.userId.Accountant }),
        changes: { [lockMonth]: ['open', 'closed'] },
      }),
    ]);
  });

  it('refuses a month already closed, one that has not ended, and an unknown company; writes nothing', async () => {
    const before = await one<{ n: number; a: number }>(
      sql`select (select count(*)::int from period_locks) as n,
                 (select count(*)::int from audit_log where entity = 'period_lock') as a`,
    );
    expectLocked(await close(lockMonth), PERIOD_LOCK_MESSAGES.alreadyLocked(lockMonth, 'BSLF'));
    for (const month of [thisMonth, `${now.getUTCFullYear() + 1}-01`]) {
      const res = await close(month);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.month).toEqual([PERIOD_LOCK_MESSAGES.future]);
    }
    const unknown = await close(lockMonth, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.company).toEqual([MESSAGES.invalidValue]);
    const bad = await close('2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.month).toHaveLength(1);
    expect(
      await one(
        sql`select (select count(*)::int from period_locks) as n,
                   (select count(*)::int from audit_log where entity = 'period_lock') as a`,
      ),
    ).toEqual(before);
  });

  it('is for Admin and Accountant; FO and BO are refused', async () => {
    for (const who of ['FO', 'BO'] as const) {
      expect((await close(lockMonth, w.company.BSLF, who)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: 'period-locks/', token: w.token[who] })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('nothing dated in a closed month is written through the API', () => {
  it('refuses issuing an invoice dated in it (its company only), and writes nothing', async () => {
    const r = await confirmedRequest(t, w);
    const before = await writtenState(t);
    expectLocked(
      await issue(t, w, { request: r.id, lines: r.lines.map((l) => l.id), issue_date: lockedDay }),
    );
    expect(await writtenState(t)).toEqual(before);
    // another company's month is its own
    const tpro = await confirmedRequest(t, w, [{}], { company_id: w.company.TPRO });
    const ok = await issue(t, w, {
      request: tpro.id,
      lines: tpro.lines.map((l) => l.id),
      issue_date: lockedDay,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('credits an invoice of the closed month today, its settlement moving; refuses a credit note dated in a closed month', async () => {
    const res = await creditNote(t, w, oldInvoice, { lines: [oldInvoice.lines[0]!.id] });
    expect(res.statusCode, res.body).toBe(201);
    const original = await getInvoice(t, w, oldInvoice.id);
    expect(original.settled_amount).toBe(oldInvoice.total);
    // today's month cannot be closed through the API (it has not ended): the lock is written
    // directly to stand for a credit note whose date falls in a closed month
    const fresh = await issued(t, w, await confirmedRequest(t, w));
    await exec(
      sql`insert into period_locks (company_id, month) values (${w.company.BSLF}, ${`${thisMonth}-01`}::date)`,
    );
    try {
      const before = await writtenState(t);
      expectLocked(await creditNote(t, w, fresh), PERIOD_LOCK_MESSAGES.locked(thisMonth, 'BSLF'));
      expect(await writtenState(t)).toEqual(before);
    } finally {
      await exec(
        sql`delete from period_locks where company_id = ${w.company.BSLF} and month = ${`${thisMonth}-01`}::date`,
      );
    }
  });

  it('refuses a bill dated in it, moving a bill into it, and changing or refiling a bill of it; its note may change', async () => {
    const r = await confirmedRequest(t, w);
    const before = await billState(t);
    expectLocked(await postBill([r.lines[0]!.id], { issue_date: lockedDay }));
    expect(await billState(t)).toEqual(before);

    const open = await postBill([r.lines[0]!.id]);
    expect(open.statusCode, open.body).toBe(201);
    const bill = open.json().data as BillRecord;
    const beforeMove = await billState(t);
    expectLocked(await patchBill(bill.id, { issue_date: lockedDay, version: bill.version }));
    expect(await billState(t)).toEqual(beforeMove);

    const beforeEdit = await billState(t);
    expectLocked(
      await patchBill(oldBill.id, {
        amount: '990.00',
        difference_explanation: 'Discount',
        version: oldBill.version,
      }),
    );
    expectLocked(
      await patchBill(oldBill.id, { issue_date: today, due_date: today, version: oldBill.version }),
    );
    const refile = await t.request({
      method: 'POST',
      url: `supplier-invoices/${oldBill.id}/file/`,
      token: w.token.Accountant,
      ...multipart({}, { name: 'new.pdf', content: pdfBytes('new') }),
    });
    expectLocked(refile);
    expect(await billState(t)).toEqual(beforeEdit);

    // the whole edit dialog sent back with only the note changed: allowed
    const current = await getBill(oldBill.id);
    const note = await patchBill(oldBill.id, {
      number: current.number,
      issue_date: current.issue_date,
      due_date: current.due_date,
      amount: current.amount,
      lines: current.lines.map((l) => l.line_id),
      internal_note: 'Checked with the hotel',
      version: current.version,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data.internal_note).toBe('Checked with the hotel');
  });
});

describe('the trigger alone refuses a direct write', () => {
  it('on client invoices: an insert dated in the closed month; settlement still moves', async () => {
    const err = await refused(sql`
      insert into client_invoices (kind, number, company_id, year, seq, client_id, request_id, currency,
        issue_date, due_date, total, base_currency, rate_set_id, rate, total_base, bill_to, seller)
      select kind, number || '-X', company_id, year, seq + 1000, client_id, request_id, currency,
        issue_date, due_date, total, base_currency, rate_set_id, rate, total_base, bill_to, seller
      from client_invoices where id = ${oldInvoice.id}`);
    // the service maps the trigger's refusal to the same 400 sentence
    const mapped = periodLockError(err);
    expect(mapped?.code).toBe('PERIOD_LOCKED');
    expect(mapped?.message).toBe(LOCKED_BSLF);
    expect(periodLockError(new Error('something else'))).toBeNull();
  });

  it('on bills: content updates and deletes are refused; settlement and the note move', async () => {
    await refused(sql`update supplier_invoices set amount = amount + 1 where id = ${oldBill.id}`);
    await refused(sql`update supplier_invoices set issue_date = ${today}::date where id = ${oldBill.id}`);
    await refused(sql`delete from supplier_invoices where id = ${oldBill.id}`);
    await exec(
      sql`update supplier_invoices set settled_amount = 100, internal_note = 'part paid' where id = ${oldBill.id}`,
    );
    const row = await one<{ settled: string; status: string }>(
      sql`select settled_amount::text as settled, payment_status as status from supplier_invoices where id = ${oldBill.id}`,
    );
    expect(row).toEqual({ settled: '100.00', status: 'Unpaid' });
    await exec(sql`update supplier_invoices set settled_amount = 0 where id = ${oldBill.id}`);
    // moving a bill of an open month into the closed one
    const open = await one<{ id: number }>(
      sql`select id from supplier_invoices where issue_date = ${today}::date order by id limit 1`,
    );
    await refused(sql`update supplier_invoices set issue_date = ${lockedDay}::date where id = ${open.id}`);
  });

  it('on bank lines and allocations: by their date and their bank account’s company', async () => {
    await refused(sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, search_vector)
                      values (${gbpBank}, 'GBP', 'RECEIVE', 'pay', ${lockedDay}::date, 5, ''::tsvector)`);
    await refused(sql`update bank_transactions set amount = 101 where id = ${oldLine}`);
    await refused(sql`delete from bank_transactions where id = ${oldLine}`);
    await insertBankLine(today);
    const fresh = (await one<{ id: number }>(sql`select max(id)::int as id from bank_transactions`)).id;
    await refused(sql`update bank_transactions set date = ${lockedDay}::date where id = ${fresh}`);
    // an allocation dated in the closed month, of a line of the closed month
    const allocate = (tx: number, date: string, invoice: number) => sql`
      insert into allocations (transaction_id, invoice_id, amount, document_amount, rate, base_amount,
        document_base_amount, fx_difference, date)
      values (${tx}, ${invoice}, 100, 100, 1, 100, 100, 0, ${date}::date)`;
    await refused(allocate(oldLine, lockedDay, unpaidInvoice.id));
    // the closed month's invoice settled by a line and an allocation of an open month, and unmatched
    const settled = () =>
      one<{ s: string; p: string }>(
        sql`select settled_amount::text as s, payment_status as p from client_invoices where id = ${unpaidInvoice.id}`,
      );
    await exec(allocate(fresh, today, unpaidInvoice.id));
    await exec(sql`update bank_transactions set allocated_amount = 100 where id = ${fresh}`);
    await exec(
      sql`update client_invoices set settled_amount = settled_amount + 100 where id = ${unpaidInvoice.id}`,
    );
    expect(await settled()).toEqual({ s: '100.00', p: 'Partial' });
    await exec(sql`delete from allocations where transaction_id = ${fresh}`);
    await exec(sql`update bank_transactions set allocated_amount = 0 where id = ${fresh}`);
    await exec(
      sql`update client_invoices set settled_amount = settled_amount - 100 where id = ${unpaidInvoice.id}`,
    );
    expect(await settled()).toEqual({ s: '0.00', p: 'Unpaid' });
    // a bank line's allocated amount is settlement, not content
    await exec(sql`update bank_transactions set allocated_amount = 40 where id = ${oldLine}`);
    await exec(sql`update bank_transactions set allocated_amount = 0 where id = ${oldLine}`);
  });
});

describe('bank lines and allocations through the API', () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, token: w.token.Accountant, payload: payload as never });
  const line = (over: Record<string, unknown> = {}) => ({
    bank: gbpBank,
    type: 'RECEIVE',
    date: today,
    amount: '100.00',
    counterparty_kind: 'client',
    counterparty: w.client.anna,
    reference: 'Payment',
    ...over,
  });
  const banking = () =>
    one<Record<string, number>>(
      sql`select (select count(*)::int from bank_transactions) as lines,
                 (select coalesce(sum(version), 0)::int from bank_transactions) as versions,
                 (select count(*)::int from allocations) as allocations,
                 (select count(*)::int from audit_log) as audit`,
    );

  it('refuses entering, editing, moving, deleting and matching a line of the closed month', async () => {
    const before = await banking();
    expectLocked(await post('transactions/', line({ date: lockedDay })));
    const old = (
      await t.request({ method: 'GET', url: `transactions/${oldLine}/`, token: w.token.Accountant })
    ).json().data as { version: number };
    const patch = (id: number, payload: Record<string, unknown>) =>
      t.request({
        method: 'PATCH',
        url: `transactions/${id}/`,
        token: w.token.Accountant,
        payload: payload as never,
      });
    expectLocked(await patch(oldLine, { reference: 'Edited', version: old.version }));
    expectLocked(
      await t.request({ method: 'DELETE', url: `transactions/${oldLine}/`, token: w.token.Accountant }),
    );
    expectLocked(
      await post('allocations/', { transaction: oldLine, invoice: unpaidInvoice.id, amount: '10.00' }),
    );
    expect(await banking()).toEqual(before);

    const created = await post('transactions/', line());
    expect(created.statusCode, created.body).toBe(201);
    const fresh = created.json().data as { id: number; version: number };
    const moved = await banking();
    expectLocked(await patch(fresh.id, { date: lockedDay, version: fresh.version }));
    expect(await banking()).toEqual(moved);
  });

  it('settles an invoice of the closed month by a line of an open month, and unmatches it', async () => {
    const created = await post('transactions/', line({ reference: unpaidInvoice.number }));
    expect(created.statusCode, created.body).toBe(201);
    const allocated = await post('allocations/', {
      transaction: created.json().data.id,
      invoice: unpaidInvoice.id,
      amount: '100.00',
    });
    expect(allocated.statusCode, allocated.body).toBe(201);
    expect((await getInvoice(t, w, unpaidInvoice.id)).settled_amount).toBe('100.00');
    const undone = await t.request({
      method: 'DELETE',
      url: `allocations/${allocated.json().data.id}/`,
      token: w.token.Accountant,
    });
    expect(undone.statusCode, undone.body).toBeLessThan(300);
    expect((await getInvoice(t, w, unpaidInvoice.id)).settled_amount).toBe('0.00');
  });
});

describe('reopening', () => {
  it('is for an Admin only, audited, and lets the writes through; a month not closed is refused', async () => {
    expect((await reopen(lockMonth, w.company.BSLF, 'Accountant')).statusCode).toBe(403);
    const res = await reopen(lockMonth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      month: lockMonth,
      locked: false,
      reopened_by: { id: w.userId.Admin, name: 'Alice Admin' },
      locked_by: { id: w.userId.Accountant },
    });
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=period_lock&entity_id=${w.company.BSLF}`,
      token: w.token.Accountant,
    });
    expect(audit.json().data[0]).toMatchObject({
      user: expect.objectContaining({ id: w.userId.Admin }),
      changes: { [lockMonth]: ['closed', 'open'] },
    });
    expectRule(
      await reopen(lockMonth),
      'period_not_locked',
      PERIOD_LOCK_MESSAGES.notLocked(lockMonth, 'BSLF'),
    );

    const r = await confirmedRequest(t, w);
    const ok = await issue(t, w, { request: r.id, lines: r.lines.map((l) => l.id), issue_date: lockedDay });
    expect(ok.statusCode, ok.body).toBe(201);
    await exec(sql`update supplier_invoices set due_date = due_date + 1 where id = ${oldBill.id}`);
    await exec(sql`update bank_transactions set amount = 101 where id = ${oldLine}`);
    await insertBankLine(lockedDay);

    // closed again: locked anew, the reopening cleared
    const closed = await close(lockMonth, w.company.BSLF, 'Admin');
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data).toMatchObject({
      locked: true,
      locked_by: { id: w.userId.Admin },
      reopened_at: null,
      reopened_by: null,
    });
    expectLocked(
      await issue(t, w, { request: r.id, lines: r.lines.map((l) => l.id), issue_date: lockedDay }),
    );
  });

  it('answers 404 for an unknown company and 400 for a malformed month', async () => {
    expect((await reopen(lockMonth, 999_999)).statusCode).toBe(404);
    const bad = await reopen('2026-1');
    expect(bad.statusCode).toBe(400);
  });
});

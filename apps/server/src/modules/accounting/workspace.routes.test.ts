import { type RequestRecord, STALE_RATE_DAYS, type Workspace, type WorkspaceCountKey } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { hotelLine, postRates, requestBody } from '../requests/requests.test-support.ts';
import { addDays } from './invoices.deps.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  type InvoicesWorld,
  issued,
  todayUtc,
} from './invoices.test-support.ts';
import { isoWeekSunday } from './vouchers.service.ts';
import { foldWorkspaceCounts } from './workspace.repository.ts';
import { createWorkspaceService } from './workspace.service.ts';

let t: TestContext;
let w: InvoicesWorld;
const today = todayUtc();

beforeAll(async () => {
  t = await createTestContext();
  w = await buildInvoicesWorld(t);
});
afterAll(() => t.close());

async function workspace(who: 'Accountant' | 'Admin' = 'Accountant'): Promise<Workspace> {
  const res = await t.request({ method: 'GET', url: 'accounting/workspace/', token: w.token[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function counts(): Promise<Record<WorkspaceCountKey, number>> {
  return Object.fromEntries((await workspace()).counts.map((c) => [c.key, c.count])) as Record<
    WorkspaceCountKey,
    number
  >;
}
/** What moved since `before`: only the keys that changed, with their new counts. */
async function movedFrom(before: Record<WorkspaceCountKey, number>) {
  const after = await counts();
  return Object.fromEntries(Object.entries(after).filter(([k, n]) => before[k as WorkspaceCountKey] !== n));
}

async function newRequest(lines: Array<Record<string, unknown>>): Promise<RequestRecord> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w, { lines: lines.map((l) => hotelLine(w, l)) }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('GET accounting/workspace/', () => {
  it('answers every count with the list it opens, and the rates’ age', async () => {
    const ws = await workspace();
    expect(ws.counts).toEqual([
      {
        key: 'unmatched_transactions',
        label: 'Unmatched transactions',
        count: 0,
        href: '/accounting/transactions?match_status=unmatched',
      },
      {
        key: 'invoices_to_issue',
        label: 'Requests to invoice',
        count: 0,
        href: '/requests?line_status=Confirmed',
      },
      {
        key: 'overdue_invoices',
        label: 'Overdue client invoices',
        count: 0,
        href: '/accounting/client-invoices?overdue=true',
      },
      {
        key: 'vouchers_due',
        label: 'Vouchers due this week',
        count: 0,
        href: '/accounting/supplier-invoices?tab=vouchers&due=week',
      },
      { key: 'log_waiting', label: 'LOG requests waiting', count: 0, href: '/reports/log-report?status=NEW' },
    ]);
    // the world's rate set was moved 60 days back
    expect(ws.rates).toEqual({
      newest_set_at: expect.any(String),
      age_days: 60,
      stale: true,
      href: '/accounting/exchange-rates',
    });
  });

  it('is for Admin and Accountant; FO and BO are refused', async () => {
    await workspace('Admin');
    for (const who of ['FO', 'BO'] as const) {
      const res = await t.request({ method: 'GET', url: 'accounting/workspace/', token: w.token[who] });
      expect(res.statusCode).toBe(403);
    }
  });

  it('counts requests with Confirmed lines not invoiced; issuing and crediting move it', async () => {
    let before = await counts();
    const first = await confirmedRequest(t, w, [{}, {}]);
    expect(await movedFrom(before)).toEqual({ invoices_to_issue: before.invoices_to_issue + 1 });
    // one line confirmed, the other not yet: still something to invoice
    const partly = await confirmedRequest(t, w, [{}, {}], {}, (i) => i === 0);
    expect(partly.status).toBe('In progress');
    expect((await counts()).invoices_to_issue).toBe(before.invoices_to_issue + 2);
    // a request with nothing confirmed is not counted
    await newRequest([{}]);
    expect((await counts()).invoices_to_issue).toBe(before.invoices_to_issue + 2);

    before = await counts();
    const invoice = await issued(t, w, first, { lines: [first.lines[0]!.id] });
    expect(await movedFrom(before)).toEqual({}); // its second line is still to invoice
    await issued(t, w, first, { lines: [first.lines[1]!.id] });
    expect(await movedFrom(before)).toEqual({ invoices_to_issue: before.invoices_to_issue - 1 });
    const credited = await creditNote(t, w, invoice);
    expect(credited.statusCode, credited.body).toBe(201);
    expect(await movedFrom(before)).toEqual({});
  });

  it('counts the requests its link lists: In progress ones with a Confirmed line, no canceled one', async () => {
    // the list the card opens, through the requests API with the link's query
    const listed = async () => {
      const card = (await workspace()).counts.find((c) => c.key === 'invoices_to_issue')!;
      const [page, query] = card.href.split('?');
      expect(page).toBe('/requests');
      const res = await t.request({
        method: 'GET',
        url: `requests/?${query}&limit=500`,
        token: w.token.Accountant,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ id: number }>; meta: { total: number } };
    };
    const before = await counts();
    expect((await listed()).meta.total).toBe(before.invoices_to_issue);
    const partly = await confirmedRequest(t, w, [{}, {}], {}, (i) => i === 0);
    expect(partly.status).toBe('In progress');
    const doomed = await confirmedRequest(t, w, [{}]);
    expect((await counts()).invoices_to_issue).toBe(before.invoices_to_issue + 2);
    const canceled = await t.request({
      method: 'POST',
      url: `requests/${doomed.id}/cancel/`,
      token: w.token.FO,
      payload: { version: doomed.version },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = (await counts()).invoices_to_issue;
    expect(after).toBe(before.invoices_to_issue + 1);
    const list = await listed();
    expect(list.meta.total).toBe(after);
    expect(list.data.map((r) => r.id)).toContain(partly.id);
    expect(list.data.map((r) => r.id)).not.toContain(doomed.id);
  });

  it('counts unpaid client invoices due before today; settling one takes it off', async () => {
    const before = await counts();
    const r = await confirmedRequest(t, w, [{}, {}]);
    const issueDate = addDays(today, -40);
    const late = await issued(t, w, r, {
      lines: [r.lines[0]!.id],
      issue_date: issueDate,
      due_date: addDays(today, -1),
    });
    await issued(t, w, r, { lines: [r.lines[1]!.id], issue_date: issueDate, due_date: today });
    expect(await movedFrom(before)).toEqual({ overdue_invoices: before.overdue_invoices + 1 });
    // credited in full: its credit note settles it (Paid), and a credit note is never overdue;
    // its line is Confirmed again, to invoice anew
    const credited = await creditNote(t, w, late);
    expect(credited.statusCode, credited.body).toBe(201);
    expect(await movedFrom(before)).toEqual({ invoices_to_issue: before.invoices_to_issue + 1 });
  });

  it('counts vouchers not Paid due by this week’s Sunday, the overdue ones included', async () => {
    const before = await counts();
    const sunday = isoWeekSunday(today);
    await newRequest([
      {
        cost: '4000.00',
        deadlines: [
          { type: 'Prepayment', due_date: addDays(today, -3), amount: '100.00' },
          { type: 'Part payment', due_date: sunday, amount: '200.00' },
          { type: 'Final payment', due_date: addDays(sunday, 1), amount: '300.00' },
        ],
      },
    ]);
    expect(await movedFrom(before)).toEqual({ vouchers_due: before.vouchers_due + 2 });
    await t.database.db.execute(
      sql`update payment_vouchers set settled_amount = amount where due_date = ${sunday}::date`,
    );
    expect(await movedFrom(before)).toEqual({ vouchers_due: before.vouchers_due + 1 });
  });

  it('counts LOG records waiting (NEW); confirming one takes it off', async () => {
    const r = await confirmedRequest(t, w);
    const before = await counts();
    const submitted = await t.request({ method: 'POST', url: `requests/${r.id}/submit/`, token: w.token.BO });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await movedFrom(before)).toEqual({ log_waiting: before.log_waiting + 1 });
    const log = submitted.json().data as { id: number; version: number };
    const confirmed = await t.request({
      method: 'POST',
      url: `log/${log.id}/confirm/`,
      token: w.token.Accountant,
      payload: { version: log.version },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // its Confirmed line became Accounted: nothing left to invoice either
    expect(await movedFrom(before)).toEqual({ invoices_to_issue: before.invoices_to_issue - 1 });
  });

  it('counts bank lines not fully allocated, as kept by the triggers, whatever a statement writes', async () => {
    // statements of many rows in SQL (the API writes one line at a time, below)
    const [bank] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from banks where company_id = ${w.company.BSLF} and currency = 'GBP'`,
    );
    const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
    const counted = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from bank_transactions where match_status = 'unmatched'`,
        )
      )[0]!.n;
    const before = await counts();
    await run(sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, search_vector)
      select ${bank!.id}, 'GBP', 'RECEIVE', 'pay', ${today}::date, 100 + n, ''::tsvector
      from generate_series(1, 5) n`);
    expect(await movedFrom(before)).toEqual({ unmatched_transactions: before.unmatched_transactions + 5 });
    // a part allocation leaves a line unmatched; a full one matches it
    await run(sql`update bank_transactions set allocated_amount = 60 where amount = 101`);
    expect((await counts()).unmatched_transactions).toBe(before.unmatched_transactions + 5);
    await run(sql`update bank_transactions set allocated_amount = amount where amount in (102, 103)`);
    expect((await counts()).unmatched_transactions).toBe(before.unmatched_transactions + 3);
    // one statement matching one line and unmatching another
    await run(sql`update bank_transactions
      set allocated_amount = case when amount = 102 then 0 else amount end where amount in (102, 104)`);
    expect((await counts()).unmatched_transactions).toBe(before.unmatched_transactions + 3);
    await run(sql`delete from bank_transactions where amount in (103, 105)`);
    expect((await counts()).unmatched_transactions).toBe(before.unmatched_transactions + 2);
    expect((await counts()).unmatched_transactions).toBe(await counted());

    const mid = await counts();
    const created = await t.request({
      method: 'POST',
      url: 'transactions/',
      token: w.token.Accountant,
      payload: { bank: bank!.id, type: 'RECEIVE', date: today, amount: '75.00', reference: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await movedFrom(mid)).toEqual({ unmatched_transactions: mid.unmatched_transactions + 1 });
    const removed = await t.request({
      method: 'DELETE',
      url: `transactions/${created.json().data.id}/`,
      token: w.token.Accountant,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await movedFrom(mid)).toEqual({});
  });

  it('folds the kept changes once many wait, the count unchanged', async () => {
    const [bank] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from banks where company_id = ${w.company.BSLF} and currency = 'GBP'`,
    );
    const before = (await counts()).unmatched_transactions;
    // 600 statements, each one line: 600 change rows
    for (let i = 0; i < 600; i++)
      await t.database.db.execute(sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, search_vector)
        values (${bank!.id}, 'GBP', 'RECEIVE', 'pay', ${today}::date, 7, ''::tsvector)`);
    const rows = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from workspace_count_deltas`,
        )
      )[0]!.n;
    expect(await rows()).toBeGreaterThan(600);
    expect((await counts()).unmatched_transactions).toBe(before + 600);
    expect(await rows()).toBe(1);
    expect((await counts()).unmatched_transactions).toBe(before + 600);
  });

  it('says the rates are fresh once a new set is saved', async () => {
    await postRates(t, w);
    const { rates } = await workspace();
    expect(rates).toMatchObject({ age_days: 0, stale: false });
    expect(Date.now() - new Date(rates.newest_set_at!).getTime()).toBeLessThan(60_000);
  });
});

describe('the workspace on a clock of its own', () => {
  it('reads today, this week and the rates’ age from the clock', async () => {
    const [newest] = await queryRows<{ at: Date | string }>(
      t.database.db,
      sql`select max(created_at) as at from rate_sets`,
    );
    const setAt = new Date(newest!.at).getTime();
    const at = (ms: number) => createWorkspaceService({ db: t.database.db, clock: () => new Date(ms) }).get();
    const day = 86_400_000;
    expect((await at(setAt + STALE_RATE_DAYS * day)).rates).toMatchObject({
      age_days: STALE_RATE_DAYS,
      stale: false,
    });
    expect((await at(setAt + STALE_RATE_DAYS * day + 1000)).rates).toMatchObject({
      age_days: STALE_RATE_DAYS,
      stale: true,
    });
    // a week on, last week's open vouchers and everything due until then count
    const vouchersDue = async (ms: number) =>
      (await at(ms)).counts.find((c) => c.key === 'vouchers_due')!.count;
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_vouchers
          where status <> 'Paid' and due_date <= ${isoWeekSunday(addDays(today, 7))}::date`,
    )) as [{ n: number }];
    expect(await vouchersDue(Date.now() + 7 * day)).toBe(n);
    expect(n).toBeGreaterThan(await vouchersDue(Date.now()));
  });
});

describe.runIf(onPostgres)('the kept count under concurrent writers and folds (PostgreSQL)', () => {
  it('equals the lines counted after parallel inserts, matches, deletes and folds', async () => {
    const [bank] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from banks where company_id = ${w.company.BSLF} and currency = 'GBP'`,
    );
    const db = t.database.db;
    const work = Array.from({ length: 60 }, (_, i) => {
      const amount = 5000 + (i % 20);
      if (i % 4 === 0) return foldWorkspaceCounts(db);
      if (i % 4 === 1)
        return db.execute(sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, search_vector)
          values (${bank!.id}, 'GBP', 'RECEIVE', 'pay', ${today}::date, ${amount}, ''::tsvector)`);
      if (i % 4 === 2)
        return db.execute(
          sql`update bank_transactions set allocated_amount = amount where amount = ${amount}`,
        );
      return db.execute(
        sql`delete from bank_transactions where amount = ${amount - 1} and allocated_amount = 0`,
      );
    });
    await Promise.all(work);
    await foldWorkspaceCounts(db);
    const [row] = await queryRows<{ kept: number; counted: number }>(
      db,
      sql`select (select sum(n)::int from workspace_count_deltas where key = 'unmatched_transactions') as kept,
                 (select count(*)::int from bank_transactions where match_status = 'unmatched') as counted`,
    );
    expect(row!.kept).toBe(row!.counted);
  });
});

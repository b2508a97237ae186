import type { RequestRecord, Voucher } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { lineDeadlines } from '../requests/requests.table.ts';
import {
  buildWorld,
  hotelLine,
  postRates,
  type RequestsWorld,
  requestBody,
} from '../requests/requests.test-support.ts';
import { isoWeekSunday } from './vouchers.service.ts';
import { backfillVouchers } from './vouchers.sync.ts';
import { paymentVouchers } from './vouchers.table.ts';

let t: TestContext;
let w: RequestsWorld;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  await postRates(t, w);
});
afterAll(() => t.close());

type Who = 'Admin' | 'Accountant' | 'FO' | 'BO';
type Deadline = { type: string; due_date: string; amount: string };

const PRE: Deadline = { type: 'Prepayment', due_date: '2026-03-01', amount: '300.00' };
const FINAL: Deadline = { type: 'Final payment', due_date: '2026-03-12', amount: '700.00' };

async function created(lines: Array<Record<string, unknown>>): Promise<RequestRecord> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w, { lines }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const getRequest = async (id: number): Promise<RequestRecord> =>
  (await t.request({ method: 'GET', url: `requests/${id}/`, token: w.token.FO })).json().data;

async function vouchers(query: string, who: Who = 'Accountant') {
  const res = await t.request({ method: 'GET', url: `payment-vouchers/${query}`, token: w.token[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Voucher[];
    meta: {
      total: number;
      groups?: Array<{ supplier: { name: string }; currency: string; count: number; amount: string }>;
    };
  };
}
const ofRequest = async (r: { id: number }) => (await vouchers(`?request=${r.id}&limit=100`)).data;

const patchLine = (r: RequestRecord, i: number, payload: Record<string, unknown>) =>
  t.request({
    method: 'PATCH',
    url: `requests/${r.id}/lines/${r.lines[i]!.id}/`,
    token: w.token.FO,
    payload: { version: r.lines[i]!.version, ...payload } as never,
  });

const setStatus = (v: Voucher, status: string, who: Who = 'Accountant', version = v.version) =>
  t.request({
    method: 'PATCH',
    url: `payment-vouchers/${v.id}/`,
    token: w.token[who],
    payload: { status, version },
  });

async function approve(v: Voucher): Promise<Voucher> {
  const res = await setStatus(v, 'Active');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const moveLine = (r: RequestRecord, i: number, status: string | null) =>
  t.request({
    method: 'POST',
    url: `requests/${r.id}/lines/${r.lines[i]!.id}/status/`,
    token: w.token.BO,
    payload: { status, version: r.lines[i]!.version },
  });

const history = async (id: number) =>
  (
    await t.request({
      method: 'GET',
      url: `audit/?entity=payment_voucher&entity_id=${id}`,
      token: w.token.Accountant,
    })
  ).json().data as Array<{ action: string; user: { name: string } | null; changes: Record<string, unknown> }>;

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const plusDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * DAY).toISOString().slice(0, 10);

describe('vouchers follow the deadlines', () => {
  it('makes an Inactive voucher per deadline of a supplier line, in the line cost currency', async () => {
    const r = await created([hotelLine(w, { cost_currency: 'EUR', deadlines: [PRE, FINAL] })]);
    const line = r.lines[0]!;
    const list = await ofRequest(r);
    expect(list).toHaveLength(2);
    expect(list.map((v) => v.deadline_id)).toEqual(line.deadlines.map((d) => d.id));
    expect(list[0]).toMatchObject({
      type: 'Prepayment',
      due_date: '2026-03-01',
      amount: '300.00',
      currency: 'EUR',
      settled_amount: '0.00',
      status: 'Inactive',
      supplier: { id: w.supplier.ritz, name: 'The Ritz London' },
      company: { id: w.company.BSLF, code: 'BSLF' },
      request: { id: r.id, number: r.number },
      line: { id: line.id, service_type: 'Hotel', status: null },
      approved_at: null,
      approved_by: null,
    });
    const [created_] = await history(list[0]!.id);
    expect(created_).toMatchObject({ action: 'create', user: { name: 'Fiona Front' } });
  });

  it('keeps the deadline ids on an edit; Inactive vouchers take the new values, come and go', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE, FINAL] })]);
    const [pre, final] = r.lines[0]!.deadlines;
    const before = await ofRequest(r);
    const res = await patchLine(r, 0, {
      deadlines: [
        { ...PRE, amount: '250.00', due_date: '2026-03-02' },
        FINAL,
        { type: 'Part payment', due_date: '2026-04-01', amount: '50.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = (res.json().data as RequestRecord).lines[0]!;
    expect(line.deadlines.slice(0, 2).map((d) => d.id)).toEqual([pre!.id, final!.id]);
    const after = await ofRequest(r);
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({
      id: before[0]!.id,
      deadline_id: pre!.id,
      amount: '250.00',
      due_date: '2026-03-02',
      version: before[0]!.version + 1,
    });
    expect(after[1]).toMatchObject({ id: before[1]!.id, version: before[1]!.version });
    expect(after[2]).toMatchObject({ type: 'Part payment', amount: '50.00', status: 'Inactive' });
    const changes = (await history(before[0]!.id)).find((e) => e.action === 'update')!.changes;
    expect(changes).toEqual({ amount: ['300.00', '250.00'], due_date: ['2026-03-01', '2026-03-02'] });

    // a deadline taken away takes its Inactive voucher with it
    const edited = await getRequest(r.id);
    const removed = await patchLine(edited, 0, { deadlines: [FINAL] });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await ofRequest(r);
    expect(left.map((v) => v.id)).toEqual([before[1]!.id]);
    expect((await history(before[0]!.id)).map((e) => e.action)).toContain('delete');
  });

  it('follows a new supplier and cost currency of the line', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE] })]);
    const res = await patchLine(r, 0, { supplier_id: w.supplier.jets, cost_currency: 'USD' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ofRequest(r))[0]).toMatchObject({ supplier: { id: w.supplier.jets }, currency: 'USD' });
  });

  it('refuses to change or remove a deadline whose voucher is approved, and changes nothing', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE, FINAL] })]);
    const [, final] = await ofRequest(r);
    await approve(final!);
    const expected = {
      code: 'voucher_approved',
      detail: 'The Final payment of 12/03/2026 is approved for payment; an Accountant must revoke it first',
    };
    const changed = await patchLine(r, 0, { deadlines: [PRE, { ...FINAL, amount: '600.00' }] });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual([expected]);
    const removed = await patchLine(r, 0, { deadlines: [PRE] });
    expect(removed.json().errors).toEqual([expected]);
    const otherSupplier = await patchLine(r, 0, { supplier_id: w.supplier.jets });
    expect(otherSupplier.json().errors).toEqual([expected]);
    const deleted = await t.request({
      method: 'DELETE',
      url: `requests/${r.id}/lines/${r.lines[0]!.id}/`,
      token: w.token.FO,
    });
    expect(deleted.json().errors).toEqual([expected]);
    const same = await getRequest(r.id);
    expect(same.lines[0]!.deadlines).toEqual(r.lines[0]!.deadlines);
    expect(same.lines[0]!.version).toBe(r.lines[0]!.version);
    expect((await ofRequest(r)).map((v) => [v.amount, v.status])).toEqual([
      ['300.00', 'Inactive'],
      ['700.00', 'Active'],
    ]);

    // the other deadline may still change; the approved one keeps its row
    const ok = await patchLine(r, 0, { deadlines: [{ ...PRE, amount: '200.00' }, FINAL] });
    expect(ok.statusCode, ok.body).toBe(200);
    // once revoked, the deadline may change again
    const [, active] = await ofRequest(r);
    expect((await setStatus(active!, 'Inactive')).statusCode).toBe(200);
    const again = await patchLine(await getRequest(r.id), 0, { deadlines: [PRE] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await ofRequest(r)).toHaveLength(1);
  });

  it('refuses a change to a paid voucher, and deleting a request with an approved one', async () => {
    const r = await created([hotelLine(w, { deadlines: [FINAL] })]);
    const [v] = await ofRequest(r);
    await t.database.db
      .update(paymentVouchers)
      .set({ settled_amount: '700.00' })
      .where(eq(paymentVouchers.id, v!.id));
    const paid = (await ofRequest(r))[0]!;
    expect(paid.status).toBe('Paid');
    const changed = await patchLine(r, 0, { deadlines: [{ ...FINAL, due_date: '2026-03-13' }] });
    expect(changed.json().errors[0]).toEqual({
      code: 'voucher_approved',
      detail: 'The Final payment of 12/03/2026 is paid; it can no longer change',
    });
    const revoke = await setStatus(paid, 'Inactive');
    expect(revoke.json().errors[0].code).toBe('voucher_paid');
    const del = await t.request({ method: 'DELETE', url: `requests/${r.id}/`, token: w.token.FO });
    expect(del.json().errors[0].code).toBe('voucher_approved');
    expect((await getRequest(r.id)).id).toBe(r.id);
  });

  it('deletes the Inactive vouchers of a canceled line or request and keeps the approved ones', async () => {
    const r = await created([
      hotelLine(w, { deadlines: [PRE, FINAL] }),
      hotelLine(w, { supplier_id: w.supplier.jets, deadlines: [PRE, FINAL] }),
    ]);
    const all = await ofRequest(r);
    const ofLine = (list: Voucher[], i: number) => list.filter((v) => v.line.id === r.lines[i]!.id);
    const ids = (list: Voucher[]) => list.map((v) => v.id).sort((a, b) => a - b);
    const approved = await approve(ofLine(all, 0)[1]!);
    expect((await moveLine(r, 0, 'Canceled')).statusCode).toBe(200);
    const afterLine = await ofRequest(r);
    expect(ids(afterLine)).toEqual(ids([approved, ...ofLine(all, 1)]));
    expect(afterLine.find((v) => v.id === approved.id)).toMatchObject({
      status: 'Active',
      line: { status: 'Canceled' },
    });

    const kept = await approve(ofLine(afterLine, 1)[0]!);
    const current = await getRequest(r.id);
    const cancel = await t.request({
      method: 'POST',
      url: `requests/${r.id}/cancel/`,
      token: w.token.FO,
      payload: { version: current.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(ids(await ofRequest(r))).toEqual(ids([approved, kept]));
  });

  it('deletes the vouchers of a deleted line, and a line without a supplier has none', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE] })]);
    expect(await ofRequest(r)).toHaveLength(1);
    const del = await t.request({
      method: 'DELETE',
      url: `requests/${r.id}/lines/${r.lines[0]!.id}/`,
      token: w.token.FO,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await ofRequest(r)).toHaveLength(0);

    const res = await t.request({
      method: 'POST',
      url: 'requests/',
      token: w.token.Accountant,
      payload: requestBody(w, {
        kind: 'accounting',
        lines: [
          hotelLine(w, {
            service_type: 'Accounting',
            supplier_id: null,
            hotel_name: null,
            deadlines: [PRE],
          }),
        ],
      }) as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ofRequest(res.json().data)).toHaveLength(0);
  });
});

describe('approve and revoke', () => {
  it('approves with the time and the user, revokes, and records both', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE] })]);
    const [v] = await ofRequest(r);
    const active = await approve(v!);
    expect(active).toMatchObject({
      status: 'Active',
      approved_by: { name: 'Arthur Accountant' },
      version: v!.version + 1,
    });
    expect(Date.now() - Date.parse(active.approved_at!)).toBeLessThan(60_000);
    expect((await setStatus(v!, 'Inactive')).statusCode).toBe(409);
    const revoked = await setStatus(active, 'Inactive');
    expect(revoked.json().data).toMatchObject({ status: 'Inactive', approved_at: null, approved_by: null });
    const actions = (await history(v!.id)).map((e) => e.changes.status);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['Inactive', 'Active'],
        ['Active', 'Inactive'],
      ]),
    );
    const byHand = await setStatus(revoked.json().data, 'Paid');
    expect(byHand.json().errors).toEqual([
      {
        code: 'voucher_paid_by_matching',
        detail: 'A voucher becomes Paid only when a payment is matched to it',
      },
    ]);
    expect((await setStatus(revoked.json().data, 'Active', 'FO')).statusCode).toBe(403);
    expect((await setStatus(revoked.json().data, 'Active', 'BO')).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `payment-vouchers/${v!.id}/`, token: w.token.Admin })).json()
        .data,
    ).toMatchObject({ id: v!.id, status: 'Inactive' });
    expect(
      (await t.request({ method: 'GET', url: 'payment-vouchers/999999/', token: w.token.Admin })).statusCode,
    ).toBe(404);
  });

  it('approves and revokes in bulk, all or nothing', async () => {
    const r = await created([hotelLine(w, { deadlines: [PRE, FINAL] }), hotelLine(w, { deadlines: [PRE] })]);
    const all = await ofRequest(r);
    const ids = all.map((v) => v.id);
    const bulk = (payload: Record<string, unknown>, who: Who = 'Accountant') =>
      t.request({
        method: 'POST',
        url: 'payment-vouchers/approve/',
        token: w.token[who],
        payload: payload as never,
      });

    await t.database.db
      .update(paymentVouchers)
      .set({ settled_amount: '300.00' })
      .where(eq(paymentVouchers.id, all[1]!.id));
    const refused = await bulk({ ids, status: 'Active' });
    expect(refused.json().errors[0]).toEqual({
      code: 'voucher_paid',
      detail: 'The Prepayment of 01/03/2026 is paid; it can no longer be approved or revoked',
    });
    expect((await ofRequest(r)).map((v) => v.status)).toEqual(['Inactive', 'Paid', 'Inactive']);
    expect((await bulk({ ids: [ids[0], 999999], status: 'Active' })).statusCode).toBe(404);
    expect((await bulk({ ids: [ids[0], ids[0]], status: 'Active' })).json().errors.ids).toEqual([
      'Should be unique',
    ]);
    expect((await bulk({ ids: [], status: 'Active' })).statusCode).toBe(400);
    expect((await bulk({ ids: [ids[0]], status: 'Paid' })).json().errors[0].code).toBe(
      'voucher_paid_by_matching',
    );
    expect((await bulk({ ids: [ids[0]], status: 'Active' }, 'FO')).statusCode).toBe(403);

    const ok = await bulk({ ids: [ids[0], ids[2]], status: 'Active' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((v: Voucher) => v.status)).toEqual(['Active', 'Active']);
    const back = await bulk({ ids: [ids[2]], status: 'Inactive' });
    expect(back.json().data[0]).toMatchObject({ id: ids[2], status: 'Inactive' });
    expect((await ofRequest(r)).map((v) => v.status)).toEqual(['Active', 'Paid', 'Inactive']);
  });
});

describe('GET payment-vouchers/', () => {
  it('filters by status, supplier, currency and due dates; overdue and due this week', async () => {
    const sunday = isoWeekSunday(today);
    const dates = {
      overdue: plusDays(today, -3),
      today,
      sunday,
      nextWeek: plusDays(sunday, 1),
    };
    const r = await created([
      hotelLine(w, {
        cost: '4000.00',
        deadlines: [
          { type: 'Prepayment', due_date: dates.overdue, amount: '100.00' },
          { type: 'Part payment', due_date: dates.today, amount: '200.00' },
          { type: 'Part payment', due_date: dates.sunday, amount: '300.00' },
          { type: 'Final payment', due_date: dates.nextWeek, amount: '400.00' },
        ],
      }),
      hotelLine(w, {
        supplier_id: w.supplier.jets,
        cost_currency: 'EUR',
        deadlines: [{ type: 'Prepayment', due_date: '2020-01-01', amount: '50.00' }],
      }),
    ]);
    const q = `?request=${r.id}`;
    const amounts = async (extra: string) => (await vouchers(`${q}${extra}`)).data.map((v) => v.amount);
    const jets = (await vouchers(`${q}&supplier=${w.supplier.jets}`)).data[0]!;
    await t.database.db
      .update(paymentVouchers)
      .set({ settled_amount: '50.00' })
      .where(eq(paymentVouchers.id, jets.id));

    expect(await amounts('')).toEqual(['50.00', '100.00', '200.00', '300.00', '400.00']);
    expect(await amounts('&ordering=-amount')).toEqual(['400.00', '300.00', '200.00', '100.00', '50.00']);
    expect(await amounts('&overdue=true')).toEqual(['100.00']);
    expect(await amounts('&overdue=false')).toEqual(['50.00', '200.00', '300.00', '400.00']);
    expect(await amounts('&due=this_week')).toEqual(['100.00', '200.00', '300.00']);
    expect(await amounts('&status=Paid')).toEqual(['50.00']);
    expect(await amounts('&currency=EUR')).toEqual(['50.00']);
    expect(
      await amounts(`&supplier=${w.supplier.ritz}&due_after=${dates.today}&due_before=${dates.sunday}`),
    ).toEqual(['200.00', '300.00']);
    expect(await amounts(`&company=${w.company.TPRO}`)).toEqual([]);
    const first = (await vouchers(`${q}&overdue=true`)).data[0]!;
    expect(first.overdue).toBe(true);
    expect((await vouchers(`${q}&status=Paid`)).data[0]!.overdue).toBe(false);
  });

  it('groups by supplier and currency over the whole filter, not just the page', async () => {
    const r = await created([
      hotelLine(w, { deadlines: [PRE, FINAL] }),
      hotelLine(w, { cost_currency: 'EUR', deadlines: [PRE] }),
      hotelLine(w, { supplier_id: w.supplier.jets, deadlines: [FINAL] }),
    ]);
    const res = await vouchers(`?request=${r.id}&group=supplier&limit=1`);
    expect(res.data).toHaveLength(1);
    expect(res.meta.total).toBe(4);
    expect(res.meta.groups).toEqual([
      { supplier: { id: w.supplier.jets, name: 'Sky Jets' }, currency: 'GBP', count: 1, amount: '700.00' },
      {
        supplier: { id: w.supplier.ritz, name: 'The Ritz London' },
        currency: 'EUR',
        count: 1,
        amount: '300.00',
      },
      {
        supplier: { id: w.supplier.ritz, name: 'The Ritz London' },
        currency: 'GBP',
        count: 2,
        amount: '1000.00',
      },
    ]);
    expect((await vouchers(`?request=${r.id}`)).meta.groups).toBeUndefined();
  });

  it('is for Admin and Accountant only', async () => {
    for (const who of ['FO', 'BO'] as const) {
      const res = await t.request({ method: 'GET', url: 'payment-vouchers/', token: w.token[who] });
      expect(res.statusCode).toBe(403);
    }
    expect((await vouchers('', 'Admin')).meta.total).toBeGreaterThan(0);
  });

  it('refuses bad filters', async () => {
    for (const q of [
      '?due=next_week',
      '?group=client',
      '?status=Done',
      '?overdue=maybe',
      '?due_before=2026-13-01',
    ]) {
      const res = await t.request({ method: 'GET', url: `payment-vouchers/${q}`, token: w.token.Admin });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('backfillVouchers (the demo seed, data older than vouchers)', () => {
  it('gives every deadline of a live supplier line an Inactive voucher, once', async () => {
    const r = await created([hotelLine(w), hotelLine(w)]);
    expect((await moveLine(r, 1, 'Canceled')).statusCode).toBe(200);
    // deadlines written around the service, as the requests seed does
    await t.database.db
      .insert(lineDeadlines)
      .values(r.lines.map((l) => ({ line_id: l.id, request_id: r.id, ...PRE })));
    expect(await ofRequest(r)).toHaveLength(0);
    expect(await backfillVouchers(t.database.db)).toBe(1);
    expect(await backfillVouchers(t.database.db)).toBe(0);
    expect((await ofRequest(r)).map((v) => [v.line.id, v.status, v.amount])).toEqual([
      [r.lines[0]!.id, 'Inactive', '300.00'],
    ]);
  });
});

describe.runIf(onPostgres)('approving while the deadline changes (PostgreSQL)', () => {
  it('lets exactly one win, and an approved voucher always equals its deadline', async () => {
    for (let round = 0; round < 8; round++) {
      const r = await created([hotelLine(w, { deadlines: [PRE] })]);
      const [v] = await ofRequest(r);
      const answers = await Promise.all([
        setStatus(v!, 'Active'),
        patchLine(r, 0, { deadlines: [{ ...PRE, amount: '100.00' }] }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((c) => c === 200),
        codes.join(),
      ).toHaveLength(1);
      if (codes[1] !== 200) expect(answers[1]!.json().errors[0].code).toBe('voucher_approved');
      const [after] = await ofRequest(r);
      const [deadline] = (await getRequest(r.id)).lines[0]!.deadlines;
      expect(after!.amount).toBe(deadline!.amount);
      expect(after!.status).toBe(codes[0] === 200 ? 'Active' : 'Inactive');
    }
  });
});

describe('isoWeekSunday', () => {
  it('is the Sunday closing the ISO week (Monday to Sunday)', () => {
    expect(isoWeekSunday('2026-03-09')).toBe('2026-03-15'); // Monday
    expect(isoWeekSunday('2026-03-12')).toBe('2026-03-15'); // Thursday
    expect(isoWeekSunday('2026-03-15')).toBe('2026-03-15'); // Sunday
    expect(isoWeekSunday('2026-12-31')).toBe('2027-01-03'); // over the year end
  });
});

it('keeps every voucher in step with its deadline (recomputed from the sources)', async () => {
  const rows = await queryRows<{ n: number }>(
    t.database.db,
    sql`
    select count(*)::int as n from ${paymentVouchers} v
    join ${lineDeadlines} d on d.id = v.deadline_id
    where v.status = 'Inactive' and (v.amount <> d.amount or v.due_date <> d.due_date or v.type <> d.type)`,
  );
  expect(rows[0]!.n).toBe(0);
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { paymentVouchers } from '../accounting/vouchers.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { PAYMENT_REMINDERS_JOB, sendPaymentReminders } from './deadline-reminders.ts';
import { lineDeadlines, requests } from './requests.table.ts';
import { buildWorld, hotelLine, type RequestsWorld, requestBody } from './requests.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
/** The reminders' clock: a Sunday morning, so "tomorrow" is 2030-03-11. */
const now = new Date('2030-03-10T09:00:00Z');
const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
});
afterAll(() => t.close());

interface Made {
  id: number;
  number: string;
  deadlines: Array<{ id: number; type: string; due_date: string }>;
}

async function requestWith(
  deadlines: Array<{ type: string; due_date: string; amount: string }>,
): Promise<Made> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w, { lines: [hotelLine(w, { deadlines })] }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json().data;
  const rows = await t.database.db.select().from(lineDeadlines).where(eq(lineDeadlines.request_id, r.id));
  return { id: r.id, number: r.number, deadlines: rows.sort((a, b) => a.due_date.localeCompare(b.due_date)) };
}

/** [type, user] of the payment reminders raised for a deadline. */
async function remindersOf(deadlineId: number): Promise<Array<[string, number]>> {
  const rows = await t.database.db.select().from(notifications).orderBy(notifications.id);
  return rows
    .filter((n) => (n.data as { deadline_id?: number }).deadline_id === deadlineId)
    .map((n) => [n.type, n.user_id]);
}

const run = (when = now) => t.app.jobs.runNow(PAYMENT_REMINDERS_JOB, { now: when });

describe('deadline payment reminders', () => {
  let a: Made;
  beforeAll(async () => {
    a = await requestWith([
      { type: 'Final payment', due_date: day(-5), amount: '400.00' },
      { type: 'Prepayment', due_date: day(1), amount: '300.00' },
      { type: 'Part payment', due_date: day(5), amount: '200.00' },
    ]);
  });

  it('tell the FO and BO managers the day before and once overdue, once however often the job runs', async () => {
    expect(await run()).toBe('ran');
    expect(await run()).toBe('ran');
    const [overdue, tomorrow, later] = a.deadlines;
    expect(await remindersOf(tomorrow!.id)).toEqual([
      ['PaymentDeadline', w.userId.FO],
      ['PaymentDeadline', w.userId.BO],
    ]);
    expect(await remindersOf(overdue!.id)).toEqual([
      ['PaymentOverdue', w.userId.FO],
      ['PaymentOverdue', w.userId.BO],
    ]);
    expect(await remindersOf(later!.id)).toEqual([]);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'PaymentDeadline'));
    expect(notice).toMatchObject({
      title: `Payment due tomorrow: Prepayment 300.00 GBP due 11/03/2030 · ${a.number}`,
      data: { request_id: a.id, number: a.number, deadline_id: tomorrow!.id, due_date: day(1) },
    });
  });

  it('leave out paid deadlines and those of a canceled request', async () => {
    const paid = await requestWith([{ type: 'Prepayment', due_date: day(-2), amount: '500.00' }]);
    await t.database.db
      .update(paymentVouchers)
      .set({ settled_amount: '500.00' })
      .where(eq(paymentVouchers.deadline_id, paid.deadlines[0]!.id));
    const canceled = await requestWith([{ type: 'Prepayment', due_date: day(1), amount: '500.00' }]);
    await t.database.db.update(requests).set({ canceled_at: now }).where(eq(requests.id, canceled.id));
    await run();
    expect(await remindersOf(paid.deadlines[0]!.id)).toEqual([]);
    expect(await remindersOf(canceled.deadlines[0]!.id)).toEqual([]);
  });

  it('leave out payments overdue for more than the last 7 days: history, not news', async () => {
    const old = await requestWith([
      { type: 'Final payment', due_date: day(-8), amount: '100.00' },
      { type: 'Prepayment', due_date: day(-7), amount: '100.00' },
    ]);
    await run();
    const [eightDays, sevenDays] = old.deadlines;
    expect(await remindersOf(eightDays!.id)).toEqual([]);
    expect(await remindersOf(sevenDays!.id)).toEqual([
      ['PaymentOverdue', w.userId.FO],
      ['PaymentOverdue', w.userId.BO],
    ]);
  });

  it('remind again when the due date moves', async () => {
    const moved = await requestWith([{ type: 'Part payment', due_date: day(1), amount: '250.00' }]);
    const id = moved.deadlines[0]!.id;
    await run();
    await t.database.db
      .update(lineDeadlines)
      .set({ due_date: day(2) })
      .where(inArray(lineDeadlines.id, [id]));
    await run(new Date(now.getTime() + 86_400_000));
    expect((await remindersOf(id)).map(([type]) => type)).toEqual([
      'PaymentDeadline',
      'PaymentDeadline',
      'PaymentDeadline',
      'PaymentDeadline',
    ]);
  });

  // PGlite serialises transactions; only PostgreSQL runs two at once.
  describe.runIf(onPostgres)('with runs at the same time (PostgreSQL)', () => {
    it('two runs at once raise one reminder, with or without the job lock', async () => {
      const raced = await requestWith([
        { type: 'Final payment', due_date: day(-1), amount: '100.00' },
        { type: 'Prepayment', due_date: day(1), amount: '100.00' },
      ]);
      expect(await Promise.all([run(), run()])).toContain('ran');
      expect((await remindersOf(raced.deadlines[0]!.id)).length).toBe(2);
      const past = await requestWith([{ type: 'Final payment', due_date: day(-3), amount: '100.00' }]);
      const pass = () => t.database.db.transaction((tx) => sendPaymentReminders({ tx: tx as never, now }));
      const [x, y] = await Promise.all([pass(), pass()]);
      expect(x.overdue + y.overdue).toBe(1);
      expect(await remindersOf(past.deadlines[0]!.id)).toEqual([
        ['PaymentOverdue', w.userId.FO],
        ['PaymentOverdue', w.userId.BO],
      ]);
    });
  });
});

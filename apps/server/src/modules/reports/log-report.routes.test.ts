import { type LogReport, type LogReportRow, maxDateMessage, minDateMessage, type Role } from '@app/shared';
import { REPORT_MAX_DATE, REPORT_MIN_DATE } from '@app/shared/reports/report-dates.schemas';
import { Decimal } from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { confirmedRequest } from '../accounting/invoices.test-support.ts';
import { parseCsv } from '../directory/import.parsers.ts';
import { logEvents, logRecords } from '../requests/log.table.ts';
import { buildWorld, postRates, type RequestsWorld } from '../requests/requests.test-support.ts';

/**
 * LOG-report through the API on a hand-built LOG: seven requests driven through the real LOG
 * routes (submit, send for correction, resubmit, confirm), then their steps spread over March
 * 2026 by rewriting the stored times of the events and of the record's landmarks exactly as the
 * service keeps them (first submission, last submission, last review, last step). Every expected
 * figure is computed here from that plan.
 */

let t: TestContext;
let w: RequestsWorld;
const people: Record<string, { id: number; name: string }> = {};
const clients: Record<string, { id: number; name: string }> = {};

type Step = 'submit' | 'correct' | 'confirm';
interface Plan {
  key: string;
  office: 'london' | 'dubai';
  client: 'anna' | 'boris';
  fo: string;
  bo: string | null;
  /** Who submits (BO unless said). */
  by?: Role;
  steps: Array<[Step, string]>;
}

const PLANS: Plan[] = [
  {
    key: 'A',
    office: 'london',
    client: 'anna',
    fo: 'fo',
    bo: 'bo',
    steps: [
      ['submit', '2026-03-02T09:00:00.000Z'],
      ['correct', '2026-03-03T10:00:00.000Z'],
      ['submit', '2026-03-03T15:00:00.000Z'],
      ['correct', '2026-03-04T09:30:00.000Z'],
      ['submit', '2026-03-04T11:00:00.000Z'],
      ['confirm', '2026-03-11T13:00:00.000Z'],
    ],
  },
  {
    key: 'B',
    office: 'dubai',
    client: 'boris',
    fo: 'fiona',
    bo: 'bella',
    steps: [
      ['submit', '2026-03-05T08:00:00.000Z'],
      ['confirm', '2026-03-05T20:30:00.600Z'],
    ],
  },
  {
    key: 'C',
    office: 'london',
    client: 'anna',
    fo: 'fiona',
    bo: 'bo',
    steps: [['submit', '2026-03-10T12:00:00.000Z']],
  },
  {
    key: 'D',
    office: 'dubai',
    client: 'boris',
    fo: 'fo',
    bo: 'bella',
    by: 'Admin',
    steps: [
      ['submit', '2026-03-12T09:00:00.000Z'],
      ['correct', '2026-03-12T16:00:00.000Z'],
    ],
  },
  {
    key: 'E',
    office: 'london',
    client: 'anna',
    fo: 'fo',
    bo: null,
    steps: [
      ['submit', '2026-03-20T23:30:00.000Z'],
      ['correct', '2026-03-21T09:00:00.000Z'],
      ['submit', '2026-03-22T09:00:00.000Z'],
    ],
  },
  {
    key: 'F',
    office: 'london',
    client: 'boris',
    fo: 'fiona',
    bo: 'bella',
    steps: [
      ['submit', '2026-03-31T23:59:59.000Z'],
      ['correct', '2026-04-01T10:00:00.000Z'],
      ['submit', '2026-04-01T12:00:00.000Z'],
      ['confirm', '2026-04-02T12:00:00.000Z'],
    ],
  },
  {
    key: 'G',
    office: 'dubai',
    client: 'boris',
    fo: 'fo',
    bo: 'bella',
    steps: [
      ['submit', '2026-03-15T10:00:00.000Z'],
      ['confirm', '2026-03-18T10:00:00.000Z'],
    ],
  },
];

interface Built {
  plan: Plan;
  logId: number;
  request: { id: number; number: string };
}
const built: Record<string, Built> = {};
let live: LogReport;
const firstEvents = new Map<number, typeof logEvents.$inferSelect>();

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.request({ method, url, token, ...(payload ? { payload: payload as never } : {}) });
  expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(200);
  return res.json().data;
}

async function addUser(name: string, role: 'FO' | 'BO') {
  const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
  const res = await t.request({
    method: 'POST',
    url: 'users/',
    token: w.token.Admin,
    payload: { name, email, role, region_id: w.region.dubai, password: 'temporary-pass-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, name };
}

/** The request, then each step through the API as the person would. */
async function drive(plan: Plan): Promise<Built> {
  const request = await confirmedRequest(t, w, [{}], {
    client_id: clients[plan.client]!.id,
    fo_manager_id: people[plan.fo]!.id,
    bo_manager_id: plan.bo ? people[plan.bo]!.id : null,
    region_id: w.region[plan.office],
  });
  let record: { id: number; version: number } | undefined;
  for (const [step] of plan.steps) {
    if (step === 'submit')
      record = await call(w.token[plan.by ?? 'BO'], 'POST', `requests/${request.id}/submit/`);
    else if (step === 'correct')
      record = await call(w.token.Accountant, 'POST', `log/${record!.id}/correction/`, {
        version: record!.version,
        comment: `Check the supplier invoice of ${request.number}`,
      });
    else
      record = await call(w.token.Accountant, 'POST', `log/${record!.id}/confirm/`, {
        version: record!.version,
      });
  }
  return { plan, logId: record!.id, request: { id: request.id, number: request.number } };
}

/** Moves the stored steps to the plan's times: every event, and the record's landmarks from them. */
async function backdate(b: Built) {
  const db = t.database.db;
  const events = await db
    .select()
    .from(logEvents)
    .where(eq(logEvents.log_id, b.logId))
    .orderBy(asc(logEvents.id));
  expect(events.map((e) => e.action)).toEqual(
    b.plan.steps.map(([s], i) =>
      s === 'submit'
        ? i === 0
          ? 'submitted'
          : 'resubmitted'
        : s === 'correct'
          ? 'sent_for_correction'
          : 'confirmed',
    ),
  );
  for (const [i, e] of events.entries())
    await db
      .update(logEvents)
      .set({ created_at: new Date(b.plan.steps[i]![1]) })
      .where(eq(logEvents.id, e.id));
  const at = (s: Step) => b.plan.steps.filter(([x]) => x === s).at(-1)?.[1];
  const review = b.plan.steps.filter(([x]) => x !== 'submit').at(-1)?.[1];
  await db
    .update(logRecords)
    .set({
      created_at: new Date(b.plan.steps[0]![1]),
      submitted_at: new Date(at('submit')!),
      reviewed_at: review ? new Date(review) : null,
      updated_at: new Date(b.plan.steps.at(-1)![1]),
    })
    .where(eq(logRecords.id, b.logId));
}

/** Whole seconds between two instants, halves up. */
const secondsBetween = (from: string, to: string) =>
  new Decimal(Date.parse(to) - Date.parse(from))
    .dividedBy(1000)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();

function expectedRow(key: string): LogReportRow {
  const { plan, logId, request } = built[key]!;
  const last = plan.steps.at(-1)!;
  const status = last[0] === 'confirm' ? 'CONFIRM' : last[0] === 'correct' ? 'SENT FOR CORRECTION' : 'NEW';
  const confirmedAt = status === 'CONFIRM' ? last[1] : null;
  const submitter = plan.by === 'Admin' ? people.admin! : people.bo!;
  return {
    id: logId,
    status,
    request: { id: request.id, number: request.number, url: `/requests/${request.id}` },
    client: clients[plan.client]!,
    office: { id: w.region[plan.office], title: plan.office === 'london' ? 'London' : 'Dubai' },
    fo_manager: people[plan.fo]!,
    bo_manager: plan.bo ? people[plan.bo]! : null,
    submitted_at: plan.steps[0]![1],
    last_event_at: last[1],
    confirmed_at: confirmedAt,
    corrections: plan.steps.filter(([s]) => s === 'correct').length,
    time_to_confirm: confirmedAt ? secondsBetween(plan.steps[0]![1], confirmedAt) : null,
    assignee: status === 'SENT FOR CORRECTION' ? submitter : null,
  };
}

/** The exact seconds to confirm of these records (no rounding), for the summary's average and median. */
const exactSeconds = (keys: string[]) =>
  keys
    .map((k) => built[k]!.plan)
    .filter((p) => p.steps.at(-1)![0] === 'confirm')
    .map((p) => new Decimal(Date.parse(p.steps.at(-1)![1]) - Date.parse(p.steps[0]![1])).dividedBy(1000));

const DAY = 86_400;
const BANDS = [
  ['day', 0, 1],
  ['two_days', 1, 2],
  ['three_days', 2, 3],
  ['week', 3, 7],
  ['longer', 7, null],
] as const;

function expectedSummary(keys: string[]): LogReport['summary'] {
  const rows = keys.map(expectedRow);
  const seconds = exactSeconds(keys).sort((a, b) => a.comparedTo(b));
  const half = (d: Decimal) => d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const mid = Math.floor(seconds.length / 2);
  const median =
    seconds.length === 0
      ? null
      : seconds.length % 2
        ? half(seconds[mid]!)
        : half(seconds[mid - 1]!.plus(seconds[mid]!).dividedBy(2));
  return {
    records: rows.length,
    by_status: {
      NEW: rows.filter((r) => r.status === 'NEW').length,
      'SENT FOR CORRECTION': rows.filter((r) => r.status === 'SENT FOR CORRECTION').length,
      CONFIRM: rows.filter((r) => r.status === 'CONFIRM').length,
    },
    average_time_to_confirm: seconds.length
      ? half(seconds.reduce((a, b) => a.plus(b), new Decimal(0)).dividedBy(seconds.length))
      : null,
    median_time_to_confirm: median,
    corrections: rows.reduce((n, r) => n + r.corrections, 0),
    time_to_confirm_bands: BANDS.map(([band, fromDays, belowDays]) => ({
      band,
      records: seconds.filter((s) => s.gte(fromDays * DAY) && (belowDays === null || s.lt(belowDays * DAY)))
        .length,
    })),
  };
}

async function report(query: string, role: Role = 'Accountant'): Promise<LogReport> {
  const res = await t.request({ method: 'GET', url: `reports/log-report/?${query}`, token: w.token[role] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const keysOf = (r: LogReport) =>
  r.data.map((row) => Object.keys(built).find((k) => built[k]!.logId === row.id));

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  await postRates(t, w);
  const me = async (role: Role) => {
    const u = await call(w.token.Admin, 'GET', `users/${w.userId[role]}/`);
    return { id: u.id as number, name: u.name as string };
  };
  people.fo = await me('FO');
  people.bo = await me('BO');
  people.admin = await me('Admin');
  people.fiona = await addUser('Fiona Faraday', 'FO');
  people.bella = await addUser('Bella Bakr', 'BO');
  clients.anna = { id: w.client.anna, name: 'Anna Karenina' };
  const boris = await t.request({
    method: 'POST',
    url: 'clients/',
    token: w.token.Admin,
    payload: { first_name: 'Boris', last_name: 'Godunov' },
  });
  clients.boris = { id: boris.json().data.id, name: 'Boris Godunov' };
  for (const plan of PLANS) built[plan.key] = await drive(plan);
  // The report as the service left it, with each record's first event, before any time moves.
  live = await report('ordering=submitted&limit=500');
  for (const row of live.data) {
    const [first] = await t.database.db
      .select()
      .from(logEvents)
      .where(eq(logEvents.log_id, row.id))
      .orderBy(asc(logEvents.id))
      .limit(1);
    firstEvents.set(row.id, first!);
  }
  for (const b of Object.values(built)) await backdate(b);
});
afterAll(() => t.close());

describe('LOG-report', () => {
  it('reads the first submission as the service wrote it: the record opens with its first event', () => {
    expect(live.data).toHaveLength(PLANS.length);
    for (const row of live.data) {
      const first = firstEvents.get(row.id)!;
      expect(first.action).toBe('submitted');
      expect(row.submitted_at).toBe(first.created_at.toISOString());
    }
    const confirmed = live.data.filter((r) => r.status === 'CONFIRM');
    expect(confirmed).toHaveLength(4);
    for (const r of confirmed) expect(r.time_to_confirm).toBeGreaterThanOrEqual(0);
  });

  it('lists every record with every field, newest first submission first', async () => {
    const r = await report('');
    expect(r.data).toEqual(['F', 'E', 'G', 'D', 'C', 'B', 'A'].map(expectedRow));
    expect(r.meta).toEqual({ total: 7, limit: 20, offset: 0 });
    // the figures the plan gives, spelled out once: 1 d 12 h 0 min 1 s; 3 d; 12 h 30 min 0.6 s; 9 d 4 h
    expect(r.data.map((row) => row.time_to_confirm)).toEqual([
      129601,
      null,
      259200,
      null,
      null,
      45001,
      792000,
    ]);
    expect(r.data.map((row) => row.corrections)).toEqual([1, 1, 0, 1, 0, 0, 2]);
  });

  it('summarises all matching records: per status, average and median time to confirm, corrections', async () => {
    const all = await report('limit=1');
    expect(all.summary).toEqual(expectedSummary(['A', 'B', 'C', 'D', 'E', 'F', 'G']));
    // spelled out: the median of four is the mean of 129601 and 259200, 194400.5 s rounded half up
    expect(all.summary).toEqual({
      records: 7,
      by_status: { NEW: 2, 'SENT FOR CORRECTION': 1, CONFIRM: 4 },
      average_time_to_confirm: 306450,
      median_time_to_confirm: 194401,
      corrections: 5,
      // B in 12.5 h, F in 1 d 12 h, G in exactly 3 d (the next band opens there), A in 9 d 4 h
      time_to_confirm_bands: [
        { band: 'day', records: 1 },
        { band: 'two_days', records: 1 },
        { band: 'three_days', records: 0 },
        { band: 'week', records: 1 },
        { band: 'longer', records: 1 },
      ],
    });
    const london = await report(`office=${w.region.london}`);
    expect(london.summary).toEqual(expectedSummary(['A', 'C', 'E', 'F']));
    expect(london.summary.median_time_to_confirm).toBe(460801);
    const waiting = await report('status=NEW');
    expect(waiting.summary).toEqual(expectedSummary(['C', 'E']));
    expect(waiting.summary.average_time_to_confirm).toBeNull();
    expect(waiting.summary.median_time_to_confirm).toBeNull();
  });

  it('filters by status (one or several), office, manager (FO or BO), first submission day and request number', async () => {
    const cases: Array<[string, string[]]> = [
      ['status=NEW', ['E', 'C']],
      ['status=NEW,SENT%20FOR%20CORRECTION', ['E', 'D', 'C']],
      ['status=CONFIRM&status=NEW', ['F', 'E', 'G', 'C', 'B', 'A']],
      ['status=CONFIRM', ['F', 'G', 'B', 'A']],
      [`office=${w.region.dubai}`, ['G', 'D', 'B']],
      [`office=${w.region.london}`, ['F', 'E', 'C', 'A']],
      [`manager=${people.fiona!.id}`, ['F', 'C', 'B']],
      [`manager=${people.bella!.id}`, ['F', 'G', 'D', 'B']],
      [`manager=${people.bo!.id}`, ['C', 'A']],
      [`manager=${people.fo!.id}`, ['E', 'G', 'D', 'A']],
      // days are UTC: E opened at 23:30 on the 20th, F one second before April
      ['date_from=2026-03-21', ['F']],
      ['date_to=2026-03-20', ['E', 'G', 'D', 'C', 'B', 'A']],
      ['date_from=2026-03-05&date_to=2026-03-12', ['D', 'C', 'B']],
      ['date_from=2026-03-31&date_to=2026-03-31', ['F']],
      ['date_from=2026-04-01', []],
      [`search=${built.D!.request.number}`, ['D']],
      [`search=${built.D!.request.number.slice(-5).toLowerCase()}`, ['D']],
      // the sequence without its padding, and the whole number written short, as the requests list reads them
      [`search=${Number(built.D!.request.number.slice(-5))}`, ['D']],
      [`search=${built.D!.request.number.replace(/-0+(?=\d)/, '-').toLowerCase()}`, ['D']],
      [`search=${built.D!.request.number.slice(0, -1)}`, ['F', 'E', 'G', 'D', 'C', 'B', 'A']],
      [`office=${w.region.london}&manager=${people.fiona!.id}&status=NEW`, ['C']],
      ['search=NO-SUCH-NUMBER', []],
    ];
    for (const [query, keys] of cases) {
      const r = await report(query);
      expect(keysOf(r), query).toEqual(keys);
      expect(r.data, query).toEqual(keys.map(expectedRow));
      expect(r.summary, query).toEqual(expectedSummary(keys));
      expect(r.meta.total, query).toBe(keys.length);
    }
  });

  it('orders by first submission, confirmation, corrections and time to confirm; the open ones last', async () => {
    const cases: Array<[string, string[]]> = [
      ['ordering=submitted', ['A', 'B', 'C', 'D', 'G', 'E', 'F']],
      ['ordering=-submitted', ['F', 'E', 'G', 'D', 'C', 'B', 'A']],
      ['ordering=confirmed', ['B', 'A', 'G', 'F', 'C', 'D', 'E']],
      ['ordering=-confirmed', ['F', 'G', 'A', 'B', 'E', 'D', 'C']],
      ['ordering=corrections', ['B', 'C', 'G', 'D', 'E', 'F', 'A']],
      ['ordering=-corrections', ['A', 'F', 'E', 'D', 'G', 'C', 'B']],
      ['ordering=time_to_confirm', ['B', 'F', 'G', 'A', 'C', 'D', 'E']],
      ['ordering=-time_to_confirm', ['A', 'G', 'F', 'B', 'E', 'D', 'C']],
    ];
    for (const [query, keys] of cases) expect(keysOf(await report(query)), query).toEqual(keys);
  });

  it('pages with limit and offset, the summary and total over every match', async () => {
    const second = await report('limit=2&offset=2');
    expect(second.data).toEqual(['G', 'D'].map(expectedRow));
    expect(second.meta).toEqual({ total: 7, limit: 2, offset: 2 });
    expect(second.summary).toEqual(expectedSummary(['A', 'B', 'C', 'D', 'E', 'F', 'G']));
    const last = await report('limit=5&offset=5&ordering=submitted');
    expect(keysOf(last)).toEqual(['E', 'F']);
    expect((await report('offset=7')).data).toEqual([]);
  });

  it('is for Admin and Accountant only', async () => {
    for (const role of ['FO', 'BO'] as const) {
      const res = await t.request({ method: 'GET', url: 'reports/log-report/', token: w.token[role] });
      expect(res.statusCode, role).toBe(403);
      const file = await t.request({
        method: 'GET',
        url: 'reports/log-report/?format=csv',
        token: w.token[role],
      });
      expect(file.statusCode, role).toBe(403);
    }
    expect((await report('', 'Admin')).meta.total).toBe(7);
    expect((await report('', 'Accountant')).meta.total).toBe(7);
    expect((await t.request({ method: 'GET', url: 'reports/log-report/' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 under the field', async () => {
    const cases: Array<[string, string]> = [
      ['status=OPEN', 'status'],
      ['status=NEW,CLOSED', 'status'],
      ['office=abc', 'office'],
      ['office=0', 'office'],
      ['manager=-1', 'manager'],
      ['date_from=2026-02-30', 'date_from'],
      ['date_to=yesterday', 'date_to'],
      ['date_from=2026-03-10&date_to=2026-03-09', 'date_to'],
      ['ordering=client', 'ordering'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['format=pdf', 'format'],
      [`search=${'x'.repeat(101)}`, 'search'],
      // no year 0 in PostgreSQL: 1900-2999 only
      ['date_from=0000-01-01', 'date_from'],
      ['date_from=0001-01-05', 'date_from'],
      ['date_to=0000-12-31', 'date_to'],
      ['date_from=0000-01-01&format=csv', 'date_from'],
      ['date_to=3000-01-01', 'date_to'],
    ];
    for (const [query, field] of cases) {
      const res = await t.request({
        method: 'GET',
        url: `reports/log-report/?${query}`,
        token: w.token.Accountant,
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('bounds the days to 1900-2999 with the date messages, the bounds themselves allowed', async () => {
    const get = (query: string) =>
      t.request({ method: 'GET', url: `reports/log-report/?${query}`, token: w.token.Accountant });
    const early = await get('date_from=0000-01-01&date_to=0001-01-05');
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.date_from).toEqual([minDateMessage(REPORT_MIN_DATE)]);
    expect(early.json().errors.date_to).toEqual([minDateMessage(REPORT_MIN_DATE)]);
    expect((await get('date_to=3000-01-01')).json().errors.date_to).toEqual([
      maxDateMessage(REPORT_MAX_DATE),
    ]);
    const all = await get(`date_from=${REPORT_MIN_DATE}&date_to=${REPORT_MAX_DATE}&limit=500`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe((await get('limit=500')).json().meta.total);
  });

  const HEADERS = [
    'Request',
    'Status',
    'Client',
    'Office',
    'FO manager',
    'BO manager',
    'First submitted (UTC)',
    'Last step (UTC)',
    'Confirmed (UTC)',
    'Corrections',
    'Hours to confirm',
    'Waiting on',
  ];
  const minute = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');
  /** Hours to two places from the exact plan (B: 45000.6 s = 12.50 h; F: 129601 s = 36.00 h; G: 72 h). */
  const hours = (row: LogReportRow) =>
    row.confirmed_at
      ? new Decimal(Date.parse(row.confirmed_at) - Date.parse(row.submitted_at))
          .dividedBy(3_600_000)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          .toNumber()
      : null;
  const waitingOn = (row: LogReportRow) => (row.status === 'NEW' ? 'Accounting' : (row.assignee?.name ?? ''));

  it('downloads the filtered report as CSV, in report order', async () => {
    const res = await t.request({
      method: 'GET',
      url: `reports/log-report/?format=csv&office=${w.region.london}&ordering=-corrections&limit=1`,
      token: w.token.Accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="log-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(header).toEqual(HEADERS);
    // the whole filtered report: paging does not apply to a download
    const expected = ['A', 'F', 'E', 'C'].map(expectedRow);
    expect(rows).toEqual(
      expected.map((e) => [
        e.request.number,
        e.status,
        e.client.name,
        e.office.title,
        e.fo_manager?.name ?? '',
        e.bo_manager?.name ?? '',
        minute(e.submitted_at),
        minute(e.last_event_at),
        minute(e.confirmed_at),
        String(e.corrections),
        hours(e) === null ? '' : String(hours(e)),
        waitingOn(e),
      ]),
    );
    expect(rows.map((r) => r[10])).toEqual(['220', '36', '', '']);
  });

  it('downloads XLSX with counts and hours as numbers, dates as text', async () => {
    const res = await t.request({
      method: 'GET',
      url: 'reports/log-report/?format=xlsx&ordering=submitted',
      token: w.token.Admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('LOG-report');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const expected = ['A', 'B', 'C', 'D', 'G', 'E', 'F'].map(expectedRow);
    expect(sheet.rowCount).toBe(1 + expected.length);
    for (const [i, e] of expected.entries()) {
      const row = sheet.getRow(i + 2);
      const cell = (n: number) => row.getCell(n).value;
      expect(cell(1)).toBe(e.request.number);
      expect(cell(2)).toBe(e.status);
      expect(cell(3)).toBe(e.client.name);
      expect(cell(4)).toBe(e.office.title);
      expect(cell(5)).toBe(e.fo_manager?.name ?? null);
      expect(cell(6)).toBe(e.bo_manager?.name ?? null);
      expect(cell(7)).toBe(minute(e.submitted_at));
      expect(cell(8)).toBe(minute(e.last_event_at));
      expect(cell(9)).toBe(minute(e.confirmed_at) || null);
      expect(cell(10)).toBe(e.corrections);
      expect(typeof cell(10)).toBe('number');
      expect(cell(11)).toBe(hours(e));
      expect(cell(12)).toBe(waitingOn(e) || null);
    }
    expect(sheet.getRow(3).getCell(11).value).toBe(12.5);
    expect(typeof sheet.getRow(3).getCell(11).value).toBe('number');
  });

  it('keeps the workspace link working: ?status=NEW are the records waiting for an accountant', async () => {
    const [waiting] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from log_records where status = 'NEW'`,
    );
    expect((await report('status=NEW')).meta.total).toBe(waiting!.n);
  });
});

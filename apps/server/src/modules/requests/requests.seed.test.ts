import { ALL_SERVICE_TYPES, LOG_REQUEST_STATUSES, REQUEST_STATUSES } from '@app/shared';
import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { issueToken } from '../../test/tokens.ts';
import { clients } from '../directory/clients.table.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { regions } from '../rates/regions.table.ts';
import { logEvents, logRecords } from './log.table.ts';
import { hotelOffers } from './offers.table.ts';
import { requestsRepository } from './requests.repository.ts';
import { summarize } from './requests.summary.ts';
import { lineDeadlines, requestCounters, requestLines, requests } from './requests.table.ts';

const now = new Date('2026-11-24T10:00:00Z');
const today = '2026-11-24';
let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  await seedDemoUpTo(t, now, 'requests');
});
afterAll(() => t.close());

const countBy = <T>(rows: T[], key: (r: T) => string | null) => {
  const out: Record<string, number> = {};
  for (const r of rows) {
    const k = key(r) ?? 'null';
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
};

describe('demo requests', () => {
  it('are about sixty, in every status, both offices, all three companies and both kinds', async () => {
    const rows = await db.select().from(requests);
    expect(rows).toHaveLength(60);
    const byStatus = countBy(rows, (r) => r.status);
    for (const s of REQUEST_STATUSES) expect(byStatus[s], s).toBeGreaterThanOrEqual(2);
    const offices = await db.select().from(regions);
    expect(new Set(rows.map((r) => r.region_id))).toEqual(new Set(offices.map((o) => o.id)));
    expect(new Set(rows.map((r) => r.number.slice(0, 4)))).toEqual(new Set(['BSLF', 'TPRO', 'AIRS']));
    expect(countBy(rows, (r) => r.kind).accounting).toBeGreaterThanOrEqual(4);
    // Trips from a year ago to three months ahead.
    const starts = rows.map((r) => r.date_from!).sort();
    expect(starts[0]! < '2025-12-31').toBe(true);
    expect(starts.at(-1)! > '2027-01-31').toBe(true);
    expect(starts.at(-1)! <= '2027-03-01').toBe(true);
  });

  it('have lines of every service type, Other in many subtypes, and some sold below cost', async () => {
    const lines = await db.select().from(requestLines);
    const types = countBy(lines, (l) => l.service_type);
    for (const type of ALL_SERVICE_TYPES) expect(types[type], type).toBeGreaterThanOrEqual(2);
    expect(new Set(lines.map((l) => l.service_subtype).filter(Boolean)).size).toBeGreaterThanOrEqual(8);
    const stamped = lines.filter((l) => l.sell_base !== null && l.cost_base !== null);
    expect(stamped.length).toBeGreaterThan(30);
    const negative = stamped.filter((l) => new Decimal(l.sell_base!).lessThan(l.cost_base!));
    expect(negative.length).toBeGreaterThanOrEqual(3);
  });

  it('keep the summary columns true to their lines', async () => {
    const rates = await createRatesService({ db }).current();
    const rows = await db.select().from(requests).orderBy(asc(requests.id));
    for (const row of rows) {
      const [client] = await db.select().from(clients).where(eq(clients.id, row.client_id));
      const lines = await requestsRepository.linesOf(db, row.id);
      const expected = summarize(row, `${client!.first_name} ${client!.last_name}`, lines, rates);
      expect(
        {
          status: row.status,
          date_from: row.date_from,
          date_to: row.date_to,
          service_types: row.service_types,
          supplier_names: row.supplier_names,
          sell_total: new Decimal(row.sell_total).toFixed(2),
          margin: new Decimal(row.margin).toFixed(2),
          lines_count: row.lines_count,
        },
        row.number,
      ).toEqual({
        status: expected.status,
        date_from: expected.date_from,
        date_to: expected.date_to,
        service_types: expected.service_types,
        supplier_names: expected.supplier_names,
        sell_total: new Decimal(expected.sell_total!).toFixed(2),
        margin: new Decimal(expected.margin!).toFixed(2),
        lines_count: expected.lines_count,
      });
    }
  });

  it('number without gaps per company and year, and new numbers follow on', async () => {
    const rows = await db.select().from(requests);
    const groups = new Map<string, number[]>();
    for (const r of rows)
      groups.set(`${r.company_id}-${r.year}`, [...(groups.get(`${r.company_id}-${r.year}`) ?? []), r.seq]);
    const counters = await db.select().from(requestCounters);
    for (const [key, seqs] of groups) {
      seqs.sort((a, b) => a - b);
      expect(seqs, key).toEqual(seqs.map((_, i) => i + 1));
      const counter = counters.find((c) => `${c.company_id}-${c.year}` === key);
      expect(counter?.last_number, key).toBe(seqs.length);
    }
  });

  it('hold hotel offers, the chosen ones being their Hotel lines', async () => {
    const offers = await db.select().from(hotelOffers);
    expect(offers.length).toBeGreaterThanOrEqual(20);
    const chosen = offers.filter((o) => o.line_id !== null);
    expect(chosen.length).toBeGreaterThanOrEqual(5);
    expect(offers.length - chosen.length).toBeGreaterThanOrEqual(10);
    for (const o of chosen) {
      const [line] = await db.select().from(requestLines).where(eq(requestLines.id, o.line_id!));
      expect(line).toMatchObject({
        service_type: 'Hotel',
        request_id: o.request_id,
        hotel_name: o.hotel_name,
        supplier_id: o.supplier_id,
        sell: o.price,
        cost: o.cost,
      });
    }
  });

  it('have deadlines within each line’s cost, some overdue and some due this week', async () => {
    const deadlines = await db.select().from(lineDeadlines);
    const lines = await db.select().from(requestLines);
    const lineOf = new Map(lines.map((l) => [l.id, l]));
    const sums = new Map<number, Decimal>();
    for (const d of deadlines) sums.set(d.line_id, (sums.get(d.line_id) ?? new Decimal(0)).plus(d.amount));
    for (const [lineId, sum] of sums) expect(sum.lessThanOrEqualTo(lineOf.get(lineId)!.cost)).toBe(true);
    const live = deadlines.filter((d) => lineOf.get(d.line_id)!.status !== 'Canceled');
    const week = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(live.filter((d) => d.due_date < today).length).toBeGreaterThanOrEqual(3);
    expect(live.filter((d) => d.due_date >= today && d.due_date <= week).length).toBeGreaterThanOrEqual(3);
    expect(new Set(deadlines.map((d) => d.type))).toEqual(
      new Set(['Prepayment', 'Part payment', 'Final payment']),
    );
  });

  it('have LOG records in each status with their history, the confirmed ones accounted', async () => {
    const records = await db.select().from(logRecords);
    const byStatus = countBy(records, (r) => r.status);
    for (const s of LOG_REQUEST_STATUSES) expect(byStatus[s], s).toBeGreaterThanOrEqual(2);
    for (const r of records) {
      const events = await db
        .select()
        .from(logEvents)
        .where(eq(logEvents.log_id, r.id))
        .orderBy(asc(logEvents.id));
      expect(events[0]!.action).toBe('submitted');
      expect(events.at(-1)!.status).toBe(r.status);
      expect(events.every((e) => e.created_at <= now)).toBe(true);
      if (r.status === 'SENT FOR CORRECTION') expect(r.comment).toBeTruthy();
      const [request] = await db.select().from(requests).where(eq(requests.id, r.request_id));
      if (r.status === 'CONFIRM') expect(request!.status).toBe('Accounted');
      else expect(['Confirmed', 'Invoiced']).toContain(request!.status);
    }
    expect(countBy(await db.select().from(logEvents), (e) => e.action).resubmitted).toBeGreaterThanOrEqual(1);
  });

  it('show through the API: the list, a request page, the LOG and the search', async () => {
    const token = await issueToken(db, ROLE_EMAILS.FO);
    const get = async (url: string) => {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      return res.json();
    };
    expect((await get('requests/?limit=5')).meta.total).toBe(60);
    const [first] = (await get('requests/?status=Accounted&limit=1')).data;
    expect((await get(`requests/${first.id}/`)).data.lines.length).toBeGreaterThan(0);
    expect((await get('log/?status=CONFIRM')).meta.total).toBeGreaterThanOrEqual(2);
    const [offer] = await db.select().from(hotelOffers).limit(1);
    expect((await get(`requests/${offer!.request_id}/offers/`)).data.length).toBeGreaterThan(0);
    const found = (await get(`search/?search=${encodeURIComponent(offer!.hotel_name)}&type=requests`)).data
      .requests;
    expect(found.length).toBeGreaterThan(0);
  });
});

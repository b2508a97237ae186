import type { RequestListItem, RequestRecord } from '@app/shared';
import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { lineInvoicing } from './requests.invoicing.ts';
import { requestCounters, requestLines, requests } from './requests.table.ts';
import {
  buildWorld,
  hotelLine,
  postRates,
  type RequestsWorld,
  requestBody,
} from './requests.test-support.ts';

let t: TestContext;
let w: RequestsWorld;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
});
afterAll(() => t.close());

type Who = 'Admin' | 'Accountant' | 'FO' | 'BO';

async function create(who: Who, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: 'requests/', token: w.token[who], payload: body as never });
}

async function created(body: Record<string, unknown> = {}, who: Who = 'FO'): Promise<RequestRecord> {
  const res = await create(who, requestBody(w, body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const get = async (id: number): Promise<RequestRecord> =>
  (await t.request({ method: 'GET', url: `requests/${id}/`, token: w.token.Accountant })).json().data;

const list = async (query = '', who: Who = 'BO') => {
  const res = await t.request({ method: 'GET', url: `requests/${query}`, token: w.token[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: RequestListItem[]; meta: { total: number; total_estimated: boolean } };
};

/**
 * What issuing an invoice does to a line, through the same hold the accounting module takes
 * (`requests.invoicing.ts`): the requests routes no longer offer Invoiced as a move of their own.
 */
async function invoiceLine(r: RequestRecord, lineIndex: number): Promise<RequestRecord> {
  const db = t.database.db;
  const invoicing = await lineInvoicing(createRatesService({ db })).prepare();
  await db.transaction(async (tx) => {
    const [held] = await invoicing.lock(tx, [r.lines[lineIndex]!.id]);
    await invoicing.move(tx, null, [{ line: held!.line, to: 'Invoiced' }], new Map([[r.id, true]]));
  });
  return (await t.request({ method: 'GET', url: `requests/${r.id}/`, token: w.token.Admin })).json().data;
}

const move = (
  r: RequestRecord,
  lineIndex: number,
  status: string | null,
  who: Who = 'BO',
  version?: number,
) => {
  const line = r.lines[lineIndex]!;
  return t.request({
    method: 'POST',
    url: `requests/${r.id}/lines/${line.id}/status/`,
    token: w.token[who],
    payload: { status, version: version ?? line.version },
  });
};

const counts = async () => {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [l] = await db.select({ n: count() }).from(requestLines);
  return { requests: r!.n, lines: l!.n };
};

const year = new Date().getUTCFullYear();

describe('POST requests/', () => {
  it('numbers per company and year, saves the lines and answers the valued record', async () => {
    const a = await created({ lines: [hotelLine(w)], description: 'Honeymoon' });
    const b = await created({ company_id: w.company.TPRO });
    const c = await created();
    expect(a.number).toMatch(new RegExp(`^BSLF-${year}-\\d{5}$`));
    expect(Number(c.number.slice(-5))).toBe(Number(a.number.slice(-5)) + 1);
    expect(b.number).toBe(`TPRO-${year}-00001`);
    expect(a).toMatchObject({
      kind: 'service',
      company: { id: w.company.BSLF, code: 'BSLF' },
      client: { id: w.client.anna, name: 'Anna Karenina' },
      fo_manager: { id: w.userId.FO },
      bo_manager: { id: w.userId.BO },
      office: { id: w.region.london, title: 'London' },
      status: 'New',
      date_from: '2026-06-01',
      date_to: '2026-06-05',
      service_types: ['Hotel'],
      supplier_names: 'The Ritz London',
      base_currency: 'GBP',
      sell_total: '1250.00',
      margin: '250.00',
      lines_count: 1,
      description: 'Honeymoon',
      created_by: { id: w.userId.FO },
      totals: { sell: '1250.00', cost: '1000.00', margin: '250.00' },
      rates_missing: false,
    });
    expect(a.lines[0]).toMatchObject({ margin: '250.00', margin_at: 'current', status: null, deadlines: [] });
  });

  it('refuses a blacklisted client with CLIENT_BLACKLISTED and saves nothing', async () => {
    const before = await counts();
    const res = await create(
      'FO',
      requestBody(w, { client_id: w.client.blacklisted, lines: [hotelLine(w)] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        { code: 'client_blacklisted', detail: 'This client is blacklisted and cannot get a new request' },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses archived client, company and supplier, and managers of the wrong role, under the field', async () => {
    const before = await counts();
    const res = await create(
      'FO',
      requestBody(w, {
        company_id: w.company.OLD,
        client_id: w.client.archived,
        fo_manager_id: w.userId.BO,
        bo_manager_id: w.userId.Accountant,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      company_id: ['This record is archived; choose another'],
      client_id: ['This record is archived; choose another'],
      fo_manager_id: ['Choose a FO manager or an Admin'],
      bo_manager_id: ['Choose a BO manager or an Admin'],
    });
    const line = await create(
      'FO',
      requestBody(w, { lines: [hotelLine(w), hotelLine(w, { supplier_id: w.supplier.archived })] }),
    );
    expect(line.json().errors).toEqual({
      'lines.1.supplier_id': ['This record is archived; choose another'],
    });
    const missing = await create('FO', requestBody(w, { client_id: 99999, region_id: 99999 }));
    expect(missing.json().errors).toEqual({
      client_id: ['Invalid field value'],
      region_id: ['Invalid field value'],
    });
    expect(await counts()).toEqual(before);
  });

  it('takes an Admin as either manager, and needs an FO manager on a service request', async () => {
    await created({ fo_manager_id: w.userId.Admin, bo_manager_id: w.userId.Admin });
    const res = await create('FO', requestBody(w, { fo_manager_id: null }));
    expect(res.json().errors).toEqual({ fo_manager_id: ['Required field'] });
  });

  it('refuses a bad line under its field and saves nothing, the number included', async () => {
    const first = await created();
    const before = await counts();
    const bad = await create(
      'FO',
      requestBody(w, { lines: [hotelLine(w), { ...hotelLine(w), sell: '-5' }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).filter((k) => k !== 'detail')).toEqual(['lines.1.sell']);
    const noSupplier = await create(
      'FO',
      requestBody(w, { lines: [hotelLine(w, { supplier_id: null, cost: '0' })] }),
    );
    expect(noSupplier.json().errors).toEqual({
      'lines.0.supplier_id': ['Required field'],
      'lines.0.cost': ['Minimum value 0.01'],
    });
    // refused after the number was taken: the rollback gives it back
    const overCost = await create(
      'FO',
      requestBody(w, {
        lines: [
          hotelLine(w, { deadlines: [{ type: 'Prepayment', due_date: '2026-05-01', amount: '1000.01' }] }),
        ],
      }),
    );
    expect(overCost.statusCode).toBe(400);
    expect(overCost.json().errors[0].code).toBe('deadlines_over_cost');
    expect(await counts()).toEqual(before);
    const next = await created();
    expect(Number(next.number.slice(-5))).toBe(Number(first.number.slice(-5)) + 1);
  });

  it('lets FO, BO and Admin create service requests, not the Accountant; Accounting lines are refused there', async () => {
    expect((await create('BO', requestBody(w))).statusCode).toBe(201);
    expect((await create('Admin', requestBody(w))).statusCode).toBe(201);
    expect((await create('Accountant', requestBody(w))).statusCode).toBe(403);
    const acc = await create('FO', requestBody(w, { lines: [hotelLine(w, { service_type: 'Accounting' })] }));
    expect(acc.json().errors).toEqual({
      'lines.0.service_type': ['Accounting lines belong to accounting requests'],
    });
    expect((await t.request({ method: 'POST', url: 'requests/', payload: requestBody(w) })).statusCode).toBe(
      401,
    );
  });

  it('makes accounting requests for Admin and Accountant only: Accounting lines, supplier optional, cost 0', async () => {
    const line = {
      ...hotelLine(w),
      service_type: 'Accounting',
      supplier_id: null,
      cost: '0',
      hotel_name: null,
    };
    const body = requestBody(w, {
      kind: 'accounting',
      fo_manager_id: null,
      bo_manager_id: null,
      lines: [line],
    });
    expect((await create('FO', body)).statusCode).toBe(403);
    expect((await create('BO', body)).statusCode).toBe(403);
    const res = await create('Accountant', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'accounting',
      service_types: ['Accounting'],
      fo_manager: null,
      margin: '1250.00',
      lines: [{ supplier: null, cost: '0.00' }],
    });
    const hotel = await create('Admin', { ...body, lines: [hotelLine(w)] });
    expect(hotel.json().errors).toEqual({
      'lines.0.service_type': ['An accounting request takes Accounting lines only'],
    });
    // an FO may not change it either
    const id = res.json().data.id;
    const patch = await t.request({
      method: 'PATCH',
      url: `requests/${id}/`,
      token: w.token.FO,
      payload: { description: 'x', version: res.json().data.version },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('refuses unknown fields and bad types under the field', async () => {
    const res = await create('FO', { ...requestBody(w), status: 'Confirmed' });
    expect(res.statusCode).toBe(400);
    const res2 = await create(
      'FO',
      requestBody(w, { lines: [hotelLine(w, { minute_from: '07', hour_to: '24' })] }),
    );
    expect(
      Object.keys(res2.json().errors)
        .filter((k) => k !== 'detail')
        .sort(),
    ).toEqual(['lines.0.hour_to', 'lines.0.minute_from']);
  });
});

describe('rates and margins', () => {
  it('values lines at the newest set, stamps them on Confirm, and no later set moves a stamped margin', async () => {
    // EUR sell on a GBP company, no rate set yet: the margin cannot be computed
    const r = await created({
      lines: [
        hotelLine(w, { sell: '1200.00', sell_currency: 'EUR' }),
        hotelLine(w, { cost: '100.00', sell: '90.00' }),
      ],
    });
    expect(r.rates_missing).toBe(true);
    expect(r.lines[0]).toMatchObject({ sell_base: null, margin: null, margin_at: 'current' });
    expect(r.lines[1]).toMatchObject({ margin: '-10.00' });
    expect(r.totals).toEqual({ sell: '90.00', cost: '100.00', margin: '-10.00' });
    const refused = await move(r, 0, 'Confirmed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('no_rate_set');

    const set = await postRates(t, w); // GBP→EUR sell 1.1640, buy 1.1760
    const now = await get(r.id);
    expect(now.rates_missing).toBe(false);
    // EUR→GBP sell = 1 / GBP→EUR buy (4 dp): 0.8503; 1200 × 0.8503 = 1020.36
    expect(now.lines[0]).toMatchObject({
      sell_base: '1020.36',
      cost_base: '1000.00',
      margin: '20.36',
      rate_set_id: set.id,
    });

    const confirmed = (await move(now, 0, 'Confirmed')).json().data as RequestRecord;
    expect(confirmed.lines[0]).toMatchObject({
      status: 'Confirmed',
      margin_at: 'stamped',
      rate_set_id: set.id,
      margin: '20.36',
    });
    expect(confirmed.status).toBe('In progress');

    await postRates(t, w, { buy_GBP_EUR: '1.5000', sell_GBP_EUR: '1.4900' });
    const later = await get(r.id);
    expect(later.lines[0]).toMatchObject({ margin: '20.36', margin_at: 'stamped', rate_set_id: set.id });
    // undo restores the live margin at today's rates: 1200 × 0.6667 (1 / 1.5) = 800.04
    const undone = (await move(later, 0, null)).json().data as RequestRecord;
    expect(undone.lines[0]).toMatchObject({ status: null, margin_at: 'current', sell_base: '800.04' });
  });

  it('keeps the summary equal to one recomputed from the lines', async () => {
    const r = await created({
      lines: [
        hotelLine(w),
        hotelLine(w, {
          service_type: 'Private jet',
          supplier_id: w.supplier.jets,
          date_from: '2026-05-20',
          date_to: null,
          hotel_name: null,
          cost: '5000.00',
          sell: '6100.50',
          sell_currency: 'USD',
        }),
        hotelLine(w, {
          service_type: 'Other',
          service_subtype: 'Flowers',
          date_to: '2026-07-01',
          sell: '10.00',
          cost: '5.00',
        }),
      ],
    });
    let rec = (await move(r, 0, 'Confirmed')).json().data as RequestRecord;
    rec = (await move(rec, 2, 'Canceled')).json().data as RequestRecord;
    const item = (await list(`?search=${rec.number}`)).data[0]!;
    const live = rec.lines.filter((l) => l.status !== 'Canceled');
    const sum = (k: 'sell_base' | 'margin') =>
      live.reduce((s, l) => s.plus(l[k] ?? '0'), new Decimal(0)).toFixed(2);
    expect(item).toMatchObject({
      status: 'In progress',
      date_from: '2026-05-20',
      date_to: '2026-06-05',
      service_types: ['Hotel', 'Private jet', 'Other'],
      supplier_names: 'The Ritz London, Sky Jets',
      lines_count: 3,
      version: rec.version,
    });
    expect(item.sell_total).toBe(sum('sell_base'));
    expect(item.margin).toBe(sum('margin'));
    expect(item.sell_total).toBe(rec.totals.sell);
    expect(item.margin).toBe(rec.totals.margin);
  });
});

describe('line status moves', () => {
  it('follows decision 0009 and answers ILLEGAL_STATUS_MOVE naming both statuses', async () => {
    const r = await created({ lines: [hotelLine(w), hotelLine(w)] });
    // Invoiced comes only from issuing an invoice (decision 0010), never from this route
    const manual = await move(r, 0, 'Invoiced', 'Admin');
    expect(manual.statusCode).toBe(400);
    expect(manual.json().errors.status).toEqual(['Invalid field value']);
    let rec = (await move(r, 0, 'Confirmed')).json().data as RequestRecord;
    const twice = await move(rec, 0, 'Confirmed');
    expect(twice.json().errors).toEqual([
      { code: 'illegal_status_move', detail: 'A line cannot move from Confirmed to Confirmed' },
    ]);
    rec = await invoiceLine(rec, 0);
    expect(rec.lines[0]!.status).toBe('Invoiced');
    expect((await move(rec, 0, 'Confirmed')).json().errors[0].detail).toBe(
      'A line cannot move from Invoiced to Confirmed',
    );
    expect((await move(rec, 0, 'Canceled')).statusCode).toBe(400);
    rec = (await move(rec, 1, 'Confirmed')).json().data as RequestRecord;
    expect(rec.status).toBe('Confirmed');
    rec = await invoiceLine(rec, 1);
    expect(rec.status).toBe('Invoiced');
  });

  it('answers 409 for a stale line version', async () => {
    const r = await created({ lines: [hotelLine(w)] });
    await move(r, 0, 'Confirmed');
    expect((await move(r, 0, null)).statusCode).toBe(409);
  });
});

describe('PATCH requests/{id}/ and lines', () => {
  it('changes the header at its version and answers 409 when stale', async () => {
    const r = await created();
    const res = await t.request({
      method: 'PATCH',
      url: `requests/${r.id}/`,
      token: w.token.BO,
      payload: { description: 'VIP', region_id: w.region.dubai, version: r.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      description: 'VIP',
      office: { title: 'Dubai' },
      version: r.version + 1,
    });
    const stale = await t.request({
      method: 'PATCH',
      url: `requests/${r.id}/`,
      token: w.token.BO,
      payload: { description: 'again', version: r.version },
    });
    expect(stale.statusCode).toBe(409);
    const blacklisted = await t.request({
      method: 'PATCH',
      url: `requests/${r.id}/`,
      token: w.token.BO,
      payload: { client_id: w.client.blacklisted, version: r.version + 1 },
    });
    expect(blacklisted.json().errors[0].code).toBe('client_blacklisted');
    const company = await t.request({
      method: 'PATCH',
      url: `requests/${r.id}/`,
      token: w.token.BO,
      payload: { company_id: w.company.TPRO, version: r.version + 1 },
    });
    expect(company.statusCode).toBe(400);
  });

  it('adds, edits and deletes lines; deadlines are bounded by the cost', async () => {
    const r = await created();
    const added = await t.request({
      method: 'POST',
      url: `requests/${r.id}/lines/`,
      token: w.token.BO,
      payload: hotelLine(w, {
        deadlines: [
          { type: 'Prepayment', due_date: '2026-05-01', amount: '300.00' },
          { type: 'Final payment', due_date: '2026-05-20', amount: '700.00' },
        ],
      }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const rec = added.json().data as RequestRecord;
    const line = rec.lines[0]!;
    expect(line.deadlines.map((d) => d.amount)).toEqual(['300.00', '700.00']);
    expect(rec.version).toBeGreaterThan(r.version);

    const patch = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PATCH',
        url: `requests/${r.id}/lines/${line.id}/`,
        token: w.token.BO,
        payload: payload as never,
      });
    const over = await patch({ cost: '999.99', version: line.version });
    expect(over.json().errors).toEqual([
      { code: 'deadlines_over_cost', detail: "The deadline payments add up to more than the line's cost" },
    ]);
    const over2 = await patch({
      deadlines: [{ type: 'Prepayment', due_date: '2026-05-01', amount: '1000.01' }],
      version: line.version,
    });
    expect(over2.json().errors[0].code).toBe('deadlines_over_cost');
    const ok = await patch({
      cost: '1100.00',
      deadlines: [{ type: 'Part payment', due_date: '2026-05-02', amount: '1100.00' }],
      version: line.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const edited = ok.json().data.lines[0];
    expect(edited).toMatchObject({ cost: '1100.00', margin: '150.00', version: line.version + 1 });
    expect(edited.deadlines).toMatchObject([{ type: 'Part payment', amount: '1100.00' }]);
    expect((await patch({ pax: 2, version: line.version })).statusCode).toBe(409);
    const badDates = await patch({ date_to: '2026-01-01', version: edited.version });
    expect(badDates.json().errors).toEqual({ date_to: ['Invalid field value'] });

    // a confirmed line keeps its money
    const confirmed = (await move(ok.json().data, 0, 'Confirmed')).json().data.lines[0];
    const locked = await patch({ sell: '1.00', version: confirmed.version });
    expect(locked.json().errors[0].code).toBe('request_line_locked');
    expect((await patch({ pax: 3, version: confirmed.version })).statusCode).toBe(200);
    const del = await t.request({
      method: 'DELETE',
      url: `requests/${r.id}/lines/${line.id}/`,
      token: w.token.BO,
    });
    expect(del.json().errors[0].code).toBe('request_line_locked');

    const extra = (
      await t.request({
        method: 'POST',
        url: `requests/${r.id}/lines/`,
        token: w.token.BO,
        payload: hotelLine(w),
      })
    ).json().data as RequestRecord;
    const gone = await t.request({
      method: 'DELETE',
      url: `requests/${r.id}/lines/${extra.lines[1]!.id}/`,
      token: w.token.BO,
    });
    expect(gone.statusCode).toBe(204);
    expect((await get(r.id)).lines_count).toBe(1);
  });
});

describe('roles', () => {
  it('lets only the writers of the kind change a request, its lines and their statuses', async () => {
    const service = await created({ lines: [hotelLine(w)] });
    const line = service.lines[0]!;
    const asAccountant = [
      t.request({
        method: 'PATCH',
        url: `requests/${service.id}/`,
        token: w.token.Accountant,
        payload: { description: 'x', version: service.version },
      }),
      t.request({
        method: 'POST',
        url: `requests/${service.id}/lines/`,
        token: w.token.Accountant,
        payload: hotelLine(w),
      }),
      t.request({
        method: 'PATCH',
        url: `requests/${service.id}/lines/${line.id}/`,
        token: w.token.Accountant,
        payload: { pax: 2, version: line.version },
      }),
      t.request({
        method: 'POST',
        url: `requests/${service.id}/lines/${line.id}/status/`,
        token: w.token.Accountant,
        payload: { status: 'Confirmed', version: line.version },
      }),
      t.request({
        method: 'POST',
        url: `requests/${service.id}/cancel/`,
        token: w.token.Accountant,
        payload: { version: service.version },
      }),
      t.request({
        method: 'DELETE',
        url: `requests/${service.id}/lines/${line.id}/`,
        token: w.token.Accountant,
      }),
    ];
    for (const res of await Promise.all(asAccountant)) expect(res.statusCode).toBe(403);
    const accounting = await created(
      {
        kind: 'accounting',
        lines: [{ ...hotelLine(w), service_type: 'Accounting', supplier_id: null, hotel_name: null }],
      },
      'Accountant',
    );
    const aLine = accounting.lines[0]!;
    const asBo = [
      t.request({
        method: 'POST',
        url: `requests/${accounting.id}/cancel/`,
        token: w.token.BO,
        payload: { version: accounting.version },
      }),
      t.request({
        method: 'POST',
        url: `requests/${accounting.id}/lines/${aLine.id}/status/`,
        token: w.token.FO,
        payload: { status: 'Confirmed', version: aLine.version },
      }),
      t.request({ method: 'DELETE', url: `requests/${accounting.id}/`, token: w.token.FO }),
    ];
    for (const res of await Promise.all(asBo)) expect(res.statusCode).toBe(403);
    const confirmed = await t.request({
      method: 'POST',
      url: `requests/${accounting.id}/lines/${aLine.id}/status/`,
      token: w.token.Accountant,
      payload: { status: 'Confirmed', version: aLine.version },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // everyone reads
    for (const who of ['Admin', 'Accountant', 'FO', 'BO'] as const)
      expect(
        (await t.request({ method: 'GET', url: `requests/${accounting.id}/`, token: w.token[who] }))
          .statusCode,
      ).toBe(200);
  });
});

describe('delete and cancel', () => {
  it('deletes a request without invoiced lines, refuses one with them, and cancels it instead', async () => {
    const plain = await created({ lines: [hotelLine(w)] });
    expect(
      (await t.request({ method: 'DELETE', url: `requests/${plain.id}/`, token: w.token.Accountant }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `requests/${plain.id}/`, token: w.token.FO })).statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `requests/${plain.id}/`, token: w.token.FO })).statusCode,
    ).toBe(404);

    const r = await created({ lines: [hotelLine(w), hotelLine(w), hotelLine(w)] });
    let rec = (await move(r, 0, 'Confirmed')).json().data as RequestRecord;
    rec = await invoiceLine(rec, 0);
    rec = (await move(rec, 1, 'Confirmed')).json().data as RequestRecord;
    const del = await t.request({ method: 'DELETE', url: `requests/${r.id}/`, token: w.token.FO });
    expect(del.json().errors).toEqual([
      {
        code: 'request_not_deletable',
        detail: 'A request with an invoiced or accounted line cannot be deleted; cancel it instead',
      },
    ]);
    const stale = await t.request({
      method: 'POST',
      url: `requests/${r.id}/cancel/`,
      token: w.token.FO,
      payload: { version: r.version },
    });
    expect(stale.statusCode).toBe(409);
    const canceled = await t.request({
      method: 'POST',
      url: `requests/${r.id}/cancel/`,
      token: w.token.FO,
      payload: { version: rec.version },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const c = canceled.json().data as RequestRecord;
    expect(c.status).toBe('Canceled');
    expect(c.canceled_at).not.toBeNull();
    expect(c.lines.map((l) => l.status)).toEqual(['Invoiced', 'Canceled', 'Canceled']);
    // no more edits
    const edits = [
      t.request({
        method: 'PATCH',
        url: `requests/${r.id}/`,
        token: w.token.FO,
        payload: { description: 'x', version: c.version },
      }),
      t.request({ method: 'POST', url: `requests/${r.id}/lines/`, token: w.token.FO, payload: hotelLine(w) }),
      t.request({
        method: 'POST',
        url: `requests/${r.id}/lines/${c.lines[1]!.id}/status/`,
        token: w.token.FO,
        payload: { status: null, version: c.lines[1]!.version },
      }),
    ];
    for (const res of await Promise.all(edits)) expect(res.json().errors[0].code).toBe('request_canceled');
    const again = await t.request({
      method: 'POST',
      url: `requests/${r.id}/cancel/`,
      token: w.token.FO,
      payload: { version: c.version },
    });
    expect(again.json().errors[0].code).toBe('request_not_cancelable');
  });
});

describe('GET requests/', () => {
  it('finds a request by its bare sequence number ("8642" for TPRO-2026-08642), as a word prefix', async () => {
    const year = new Date().getUTCFullYear();
    await t.database.db
      .insert(requestCounters)
      .values({ company_id: w.company.TPRO, year, last_number: 8641 })
      .onConflictDoUpdate({
        target: [requestCounters.company_id, requestCounters.year],
        set: { last_number: 8641 },
      });
    const rec = await created({ company_id: w.company.TPRO });
    expect(rec.number).toBe(`TPRO-${year}-08642`);
    const ids = (r: { data: RequestListItem[] }) => r.data.map((x) => x.id);
    expect(ids(await list('?search=8642'))).toEqual([rec.id]);
    expect(ids(await list('?search=864'))).toEqual([rec.id]);
    expect(ids(await list('?search=08642'))).toEqual([rec.id]);
    expect(ids(await list('?search=8643'))).toEqual([]);
  });

  it('filters on each summary column, orders and pages with meta', async () => {
    const kyiv = await created({
      client_id: w.client.anna,
      region_id: w.region.dubai,
      company_id: w.company.TPRO,
      description: 'Kyiv transfer',
      lines: [
        hotelLine(w, {
          service_type: 'Transportation',
          supplier_id: w.supplier.jets,
          hotel_name: null,
          route: 'Zurich airport to Zermatt',
          date_from: '2027-01-10',
          date_to: '2027-01-12',
        }),
      ],
    });
    const ids = (r: { data: RequestListItem[] }) => r.data.map((x) => x.id);
    expect(ids(await list('?search=zermatt'))).toEqual([kyiv.id]);
    expect(ids(await list(`?search=${kyiv.number}`))).toEqual([kyiv.id]);
    const [code, yr, seq] = kyiv.number.split('-') as [string, string, string];
    expect(ids(await list(`?search=${code.toLowerCase()}-${yr}-${Number(seq)}`))).toEqual([kyiv.id]);
    expect(ids(await list('?service_type=Transportation'))).toEqual([kyiv.id]);
    expect(ids(await list('?date_from=2027-01-11&date_to=2027-02-01'))).toEqual([kyiv.id]);
    expect(ids(await list('?date_from=2027-01-13'))).toEqual([]);
    const tpro = await list('?company=TPRO&limit=500');
    expect(tpro.data.every((r) => r.company.code === 'TPRO')).toBe(true);
    expect(ids(tpro)).toContain(kyiv.id);
    expect((await list(`?region=${w.region.dubai}`)).data.every((r) => r.office.id === w.region.dubai)).toBe(
      true,
    );
    expect((await list('?status=Canceled')).data.every((r) => r.status === 'Canceled')).toBe(true);
    expect((await list('?kind=accounting')).data.every((r) => r.kind === 'accounting')).toBe(true);
    // earlier tests invoiced lines of two requests; kyiv has none
    const has = await list('?invoice=has&limit=500');
    expect(has.meta.total).toBe(2);
    expect(has.data.every((r) => r.has_invoice)).toBe(true);
    expect(ids(await list('?invoice=none&limit=500'))).toContain(kyiv.id);
    expect(
      (await list(`?fo_manager=${w.userId.Admin}`)).data.every((r) => r.fo_manager?.id === w.userId.Admin),
    ).toBe(true);
    const all = await list('?limit=500');
    expect(all.meta).toMatchObject({ total: all.data.length, total_estimated: false });
    expect((await list('?invoice=none&limit=500')).meta.total).toBe(all.meta.total - has.meta.total);
    const page = await list('?limit=2&offset=1&ordering=number');
    const sortedNumbers = all.data.map((r) => r.number).sort();
    expect(page.data.map((r) => r.number)).toEqual(sortedNumbers.slice(1, 3));
    const byMargin = (await list('?ordering=-margin&limit=500')).data.map((r) => Number(r.margin));
    expect(byMargin).toEqual([...byMargin].sort((a, b) => b - a));
    const byClient = (await list('?ordering=client&limit=500')).data.map((r) => r.client.name);
    expect(byClient[0]).toBe('Anna Karenina');
  });

  it('answers 400 for bad filters and 401 without a session', async () => {
    for (const q of [
      '?status=Nope',
      '?company=ZZZ',
      '?date_from=2026-13-01',
      '?invoice=maybe',
      '?ordering=-foo',
    ]) {
      expect(
        (await t.request({ method: 'GET', url: `requests/${q}`, token: w.token.FO })).statusCode,
        q,
      ).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: 'requests/' })).statusCode).toBe(401);
  });

  it('exports the filtered list as CSV and XLSX', async () => {
    const csv = await t.request({
      method: 'GET',
      url: 'requests/export/?format=csv&company=TPRO',
      token: w.token.FO,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^Number,Kind,Company,Client/);
    expect(rows.length).toBe((await list('?company=TPRO&limit=500')).meta.total + 1);
    expect(rows.slice(1).every((r) => r.includes(',TPRO,'))).toBe(true);
    const xlsx = await t.request({
      method: 'GET',
      url: 'requests/export/?format=xlsx',
      token: w.token.Accountant,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('filters on a line’s status: a request In progress with a Confirmed line is found, in the export too', async () => {
    const r = await created({ lines: [hotelLine(w), hotelLine(w)] });
    const partly = (await move(r, 0, 'Confirmed')).json().data as RequestRecord;
    expect(partly.status).toBe('In progress');
    const ids = (res: { data: RequestListItem[] }) => res.data.map((x) => x.id);
    const confirmedLine = await list('?line_status=Confirmed&limit=500');
    expect(ids(confirmedLine)).toContain(r.id);
    expect(ids(await list('?status=Confirmed&limit=500'))).not.toContain(r.id);
    expect(ids(await list('?line_status=Invoiced&limit=500'))).not.toContain(r.id);
    // exactly the requests having such a line, whatever their own status
    const expected = await t.database.db
      .selectDistinct({ id: requestLines.request_id })
      .from(requestLines)
      .where(eq(requestLines.status, 'Confirmed'));
    expect(ids(confirmedLine).sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b));
    expect(confirmedLine.meta.total).toBe(expected.length);
    // with the request's other filters, and undone with the line
    expect(ids(await list(`?line_status=Confirmed&search=${r.number}`))).toEqual([r.id]);
    expect((await move(partly, 0, null)).statusCode).toBe(200);
    expect(ids(await list('?line_status=Confirmed&limit=500'))).not.toContain(r.id);
    // the export takes the same filter
    const csv = await t.request({
      method: 'GET',
      url: 'requests/export/?format=csv&line_status=Invoiced',
      token: w.token.Accountant,
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.length).toBe((await list('?line_status=Invoiced&limit=500')).meta.total + 1);
    expect(rows.length).toBeGreaterThan(1);
    expect(
      (await t.request({ method: 'GET', url: 'requests/?line_status=Nope', token: w.token.FO })).statusCode,
    ).toBe(400);
  });
});

describe('deadlines, history and notifications', () => {
  it('lists deadlines with their request, filtered by due date, overdue, request, office and manager', async () => {
    const r = await created({
      region_id: w.region.dubai,
      bo_manager_id: w.userId.Admin,
      lines: [
        hotelLine(w, {
          deadlines: [
            { type: 'Prepayment', due_date: '2020-01-01', amount: '100.00' },
            { type: 'Final payment', due_date: '2099-01-01', amount: '200.00' },
          ],
        }),
      ],
    });
    const get = async (q: string) => {
      const res = await t.request({ method: 'GET', url: `deadlines/${q}`, token: w.token.Accountant });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const mine = await get(`?request=${r.id}`);
    expect(mine.meta.total).toBe(2);
    expect(mine.data[0]).toMatchObject({
      type: 'Prepayment',
      due_date: '2020-01-01',
      amount: '100.00',
      currency: 'GBP',
      overdue: true,
      request: { id: r.id, number: r.number },
      supplier: { name: 'The Ritz London' },
      client: { name: 'Anna Karenina' },
      office: { id: w.region.dubai },
    });
    expect(
      (await get(`?request=${r.id}&overdue=true`)).data.map((d: { amount: string }) => d.amount),
    ).toEqual(['100.00']);
    expect((await get(`?request=${r.id}&due_before=2030-01-01`)).meta.total).toBe(1);
    expect(
      (await get(`?manager=${w.userId.Admin}&region=${w.region.dubai}`)).data.some(
        (d: { request: { id: number } }) => d.request.id === r.id,
      ),
    ).toBe(true);
    expect((await get(`?request=${r.id}&ordering=-due_date`)).data[0].due_date).toBe('2099-01-01');
    // a canceled line's deadlines leave the list: they will not be paid
    await move(r, 0, 'Canceled');
    expect((await get(`?request=${r.id}&overdue=true`)).meta.total).toBe(0);
    expect((await get(`?request=${r.id}&overdue=false`)).meta.total).toBe(0);
    expect((await get(`?request=${r.id}`)).meta.total).toBe(0);
  });

  it('writes the history of the request and its lines', async () => {
    const r = await created({ lines: [hotelLine(w)] });
    await move(r, 0, 'Confirmed');
    const res = await t.request({
      method: 'GET',
      url: `audit/?entity=request&entity_id=${r.id}`,
      token: w.token.Accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Array<{ action: string; changes: Record<string, unknown> }>;
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(Object.keys(update.changes)).toEqual([`line ${r.lines[0]!.id}`]);
  });

  it('notifies the managers other than the actor on create and on a manager change', async () => {
    const counter = async (who: Who) =>
      (await t.request({ method: 'GET', url: 'users/me/', token: w.token[who] })).json().data
        .notify_counter as number;
    const [fo, bo, admin] = [await counter('FO'), await counter('BO'), await counter('Admin')];
    const r = await created({}, 'FO');
    expect(await counter('FO')).toBe(fo);
    expect(await counter('BO')).toBe(bo + 1);
    await t.request({
      method: 'PATCH',
      url: `requests/${r.id}/`,
      token: w.token.FO,
      payload: { bo_manager_id: w.userId.Admin, version: r.version },
    });
    expect(await counter('Admin')).toBe(admin + 1);
    expect(await counter('BO')).toBe(bo + 1);
  });
});

it('keeps the counter equal to the last number given', async () => {
  const rows = await t.database.db
    .select()
    .from(requestCounters)
    .where(eq(requestCounters.company_id, w.company.BSLF));
  const last = (await list('?company=BSLF&ordering=-number&limit=1')).data[0]!;
  expect(rows[0]!.last_number).toBeGreaterThanOrEqual(Number(last.number.slice(-5)));
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { requestCounters } from '../requests/requests.table.ts';
import { buildWorld, hotelLine, type RequestsWorld, requestBody } from '../requests/requests.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
let paris: { id: number; number: string };
let dubai: { id: number; number: string };

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  const create = async (payload: unknown) => {
    const res = await t.request({
      method: 'POST',
      url: 'requests/',
      token: w.token.FO,
      payload: payload as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; number: string };
  };
  paris = await create(
    requestBody(w, {
      description: 'Anniversary weekend',
      lines: [
        hotelLine(w, { hotel_name: 'Hôtel Plaza Athénée', date_from: '2026-06-01', date_to: '2026-06-04' }),
      ],
    }),
  );
  dubai = await create(
    requestBody(w, {
      lines: [
        hotelLine(w, { hotel_name: 'Burj Al Arab', date_from: '2026-07-10', date_to: '2026-07-12' }),
        hotelLine(w, {
          service_type: 'Private jet',
          supplier_id: w.supplier.jets,
          hotel_name: undefined,
          route: 'Farnborough – Dubai',
          description: 'Return flight with the dog',
        }),
      ],
    }),
  );
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await t.request({
    method: 'GET',
    url: `search/?search=${encodeURIComponent(q)}`,
    token: w.token.Accountant,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    requests: Array<{
      id: number;
      number: string;
      client: { name: string };
      status: string;
      date_from: string | null;
    }>;
    clients: unknown[];
    suppliers: unknown[];
  };
};
const ids = (r: { requests: Array<{ id: number }> }) => r.requests.map((x) => x.id);

describe('GET /search/ finds requests', () => {
  it('by hotel name, accents and case aside, as word prefixes', async () => {
    expect(ids(await search('plaza athen'))).toEqual([paris.id]);
    expect(ids(await search('BURJ'))).toEqual([dubai.id]);
  });

  it('by number, whole or in part', async () => {
    expect(ids(await search(paris.number))).toEqual([paris.id]);
    const [, year, seq] = dubai.number.split('-');
    expect(ids(await search(`${year} ${seq}`))).toEqual([dubai.id]);
  });

  it('by client, supplier, route and description, newest first, with number, client, status and dates', async () => {
    const byClient = await search('karenina');
    expect(ids(byClient)).toEqual([dubai.id, paris.id]);
    expect(byClient.requests[1]).toMatchObject({
      number: paris.number,
      client: { name: 'Anna Karenina' },
      status: 'New',
      date_from: '2026-06-01',
    });
    expect(ids(await search('sky jets'))).toEqual([dubai.id]);
    expect(ids(await search('farnborough'))).toEqual([dubai.id]);
    expect(ids(await search('anniversary'))).toEqual([paris.id]);
  });

  it('answers only the group asked for with type', async () => {
    const res = await t.request({
      method: 'GET',
      url: 'search/?search=karenina&type=clients',
      token: w.token.FO,
    });
    const data = res.json().data;
    expect(data.requests).toEqual([]);
    expect(data.clients.length).toBe(1);
    const only = await t.request({
      method: 'GET',
      url: 'search/?search=karenina&type=requests',
      token: w.token.FO,
    });
    expect(only.json().data.clients).toEqual([]);
    expect(only.json().data.requests.length).toBe(2);
    expect(
      (await t.request({ method: 'GET', url: 'search/?search=x&type=vessels', token: w.token.FO }))
        .statusCode,
    ).toBe(400);
  });

  it('by the bare sequence of the number ("42" finds BSLF-2026-00042), alone with type=requests', async () => {
    // the next number of the company is -00042
    await t.database.db.update(requestCounters).set({ last_number: 41 });
    const res = await t.request({
      method: 'POST',
      url: 'requests/',
      token: w.token.FO,
      payload: requestBody(w, { description: 'Forty-second' }) as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rec = res.json().data as { id: number; number: string };
    expect(rec.number).toMatch(/-00042$/);
    expect(ids(await search('42'))).toEqual([rec.id]);
    const only = await t.request({
      method: 'GET',
      url: 'search/?search=42&type=requests',
      token: w.token.BO,
    });
    expect(only.statusCode, only.body).toBe(200);
    expect(ids(only.json().data)).toEqual([rec.id]);
    expect(only.json().data.requests[0]).toMatchObject({ number: rec.number });
    expect(ids(await search('43'))).toEqual([]);
  });
});

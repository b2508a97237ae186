import {
  buildRateSetEntries,
  type CurrentRates,
  crossRate,
  inverseRate,
  type RateRecord,
  type RateSet,
} from '@app/shared';
import { SAMPLE_PAIR_VALUES } from '@app/shared/rates/rates.fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { users } from '../users/users.table.ts';
import { toNewRows } from './rates.mappers.ts';
import { ratesRepository } from './rates.repository.ts';
import { rateSets } from './rates.table.ts';

let t: TestContext;
let accountant: string;
let admin: string;
let fo: string;
let bo: string;

const VALUES = SAMPLE_PAIR_VALUES;
const entries = () => buildRateSetEntries(VALUES);

/** A set stored at a chosen instant, as if saved then. */
async function storeSetAt(iso: string, values: Record<string, string> = VALUES): Promise<number> {
  return ratesRepository.insertSet(
    t.database.db,
    { created_at: new Date(iso), created_by: null },
    toNewRows(values),
  );
}
/** POST /exchange-rates/ for one pair, as the accountant unless another token is given. */
const postRate = (from: string, to: string, sell: string, buy: string, token = accountant) =>
  t.request({
    method: 'POST',
    url: 'exchange-rates/',
    token,
    payload: {
      original_currency: { named: from },
      target_currency: { named: to },
      rate_sell: sell,
      rate_buy: buy,
    },
  });
const setCount = async () => (await t.database.db.select().from(rateSets)).length;
const record = (set: RateSet, from: string, to: string): RateRecord =>
  set.rates.find((r) => r.original_currency.named === from && r.target_currency.named === to)!;

beforeAll(async () => {
  t = await createTestContext();
  [accountant, admin, fo, bo] = await Promise.all([
    t.login('Accountant'),
    t.login('Admin'),
    t.login('FO'),
    t.login('BO'),
  ]);
});
afterAll(() => t.close());

describe('before any rates exist', () => {
  it('answers null for the current rates and the set on a date, and 404 for a pair', async () => {
    const latest = await t.request({ method: 'GET', url: 'exchange-rates/get-latest-rate/', token: fo });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({ data: null });
    const onDate = await t.request({ method: 'GET', url: 'rates/on-date/?date=2026-01-01', token: fo });
    expect(onDate.json()).toEqual({ data: null });
    const pair = await t.request({ method: 'GET', url: 'exchange-rates/GBP/USD/', token: fo });
    expect(pair.statusCode).toBe(404);
    expect(pair.json()).toEqual({ errors: { detail: 'Rate not found for this currencies' } });
  });

  it('refuses a single new rate: there is no set whose other pairs it could keep', async () => {
    const res = await postRate('GBP', 'USD', '1.27', '1.28');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [{ code: 'no_rate_set', detail: 'Enter a full set of rates first' }],
    });
    expect(await setCount()).toBe(0);
  });

  it('still converts a currency into itself', async () => {
    const res = await t.request({ method: 'GET', url: 'exchange-rates/EUR/EUR/', token: bo });
    expect(res.json().data).toMatchObject({ rate: '1', route: 'same', rate_set_id: null });
  });
});

describe('GET /currencies/', () => {
  it('lists GBP, USD, EUR and AED for any signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: 'currencies/', token: bo });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { named: string }) => c.named)).toEqual(['GBP', 'USD', 'EUR', 'AED']);
    expect(res.json().data[3]).toMatchObject({ named: 'AED', title: 'UAE dirham' });
  });

  it('filters by search and refuses strangers', async () => {
    const res = await t.request({ method: 'GET', url: 'currencies/?search=dirh', token: fo });
    expect(res.json().data.map((c: { named: string }) => c.named)).toEqual(['AED']);
    expect((await t.request({ method: 'GET', url: 'currencies/' })).statusCode).toBe(401);
  });
});

describe('POST /rates/ (a new rate set)', () => {
  it('stores the six pairs and their inverses with one created_at, for an Accountant with CAN_ADD_RATES', async () => {
    const before = Date.now();
    const res = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: entries() });
    expect(res.statusCode).toBe(201);
    const set: RateSet = res.json().data;
    expect(set.rates).toHaveLength(12);
    expect(set.created_by).toMatchObject({ name: 'Arthur Accountant' });
    expect(new Set(set.rates.map((r) => r.created_at))).toEqual(new Set([set.created_at]));
    expect(Date.parse(set.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(record(set, 'GBP', 'USD')).toMatchObject({
      rate: '1.265000',
      rate_sell: '1.265000',
      rate_buy: '1.278000',
    });
    // the inverse: rate = 1 / buy to 4 decimals; its buy is 1 / sell
    expect(record(set, 'USD', 'GBP')).toMatchObject({
      rate: '0.782500',
      rate_sell: '0.782500',
      rate_buy: '0.790500',
    });
    expect(record(set, 'AED', 'EUR')).toMatchObject({ rate: '0.248400' }); // 1 / 4.0260

    // who entered which rates, in the audit trail
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=rate_set&entity_id=${set.id}`,
      token: fo,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data).toHaveLength(1);
    expect(audit.json().data[0]).toMatchObject({ action: 'create', user: { name: 'Arthur Accountant' } });
    expect(audit.json().data[0].changes.buy_GBP_AED).toEqual([null, '4.6930']);
  });

  it('lets Admin write rates and refuses FO and BO without the permission', async () => {
    expect(
      (await t.request({ method: 'POST', url: 'rates/', token: admin, payload: entries() })).statusCode,
    ).toBe(201);
    const count = await setCount();
    for (const token of [fo, bo]) {
      const res = await t.request({ method: 'POST', url: 'rates/', token, payload: entries() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: { detail: 'You do not have permission to perform this action.' },
      });
    }
    expect((await t.request({ method: 'POST', url: 'rates/', payload: entries() })).statusCode).toBe(401);
    expect(await setCount()).toBe(count);
  });

  it.each([
    ['zero', '0', 'Minimum value 0.000001'],
    ['negative', '-1.25', 'Minimum value 0.000001'],
    ['not a number', '1.2a', 'Only numbers allowed'],
    ['decimal comma', '1,17', 'Use a point as the decimal separator, for example 1.17'],
    ['absurdly long', '1.'.padEnd(5000, '1'), 'Maximum 20 characters'],
    ['too precise', '1.1234567', 'Maximum 6 decimal places'],
    ['absurdly large', '1000000', 'Maximum value 10000'],
  ])('refuses a %s rate with a field message and stores nothing', async (_what, value, message) => {
    const count = await setCount();
    const payload = entries();
    payload[4] = { ...payload[4]!, rate_buy: value };
    const res = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['4.rate_buy']).toEqual([message]);
    expect(res.json().errors.detail[0]).toContain(message);
    expect(await setCount()).toBe(count);
  });

  it('refuses a pair whose buy is below its sell, on that entry’s rate_buy, and stores nothing', async () => {
    const count = await setCount();
    // EUR/USD is entries 4 (direct) and 5 (inverse, derived from the lower buy)
    const payload = buildRateSetEntries({ ...VALUES, buy_EUR_USD: '1.0850' });
    const res = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['4.rate_buy']).toEqual(['Buy must be at least sell']);
    expect(Object.keys(res.json().errors).sort()).toEqual(['4.rate_buy', 'detail']);
    expect(await setCount()).toBe(count);
  });

  it('refuses a rate sent as a JSON number', async () => {
    const payload: unknown[] = entries();
    payload[0] = { ...(payload[0] as object), rate_sell: 1.265 };
    const res = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['0.rate_sell']).toEqual([
      'Send the rate as a decimal string, for example "1.2745"',
    ]);
  });

  it('refuses an inverse that does not follow from the buy value, a missing pair and unknown fields', async () => {
    const count = await setCount();
    const wrongInverse = entries();
    wrongInverse[1] = { ...wrongInverse[1]!, rate: '0.7900' };
    const a = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: wrongInverse });
    expect(a.json().errors['1.rate']).toEqual(['Must be 1 / buy of GBP/USD to 4 decimals (0.7825)']);

    const b = await t.request({
      method: 'POST',
      url: 'rates/',
      token: accountant,
      payload: entries().slice(0, 10),
    });
    expect(b.statusCode).toBe(400);
    expect(JSON.stringify(b.json())).toContain(
      'A rate set holds the 6 pairs and their inverses (12 entries)',
    );

    const extra: unknown[] = entries();
    extra[0] = { ...(extra[0] as object), comment: 'hi' };
    const c = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: extra });
    expect(c.statusCode).toBe(400);
    expect(c.json().errors.comment).toEqual(['Unknown field: comment']);

    const d = await t.request({
      method: 'POST',
      url: 'rates/',
      token: accountant,
      payload: '{"broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(d.statusCode).toBe(400);
    expect(await setCount()).toBe(count);
  });

  it('follows the permission, not the role: FO with CAN_ADD_RATES may, an Accountant without it may not', async () => {
    const db = t.database.db;
    await db
      .update(users)
      .set({ permissions: ['CAN_ADD_RATES'] })
      .where(eq(users.email, 'fo@example.com'));
    await db.update(users).set({ permissions: [] }).where(eq(users.email, 'accountant@example.com'));
    try {
      expect(
        (await t.request({ method: 'POST', url: 'rates/', token: fo, payload: entries() })).statusCode,
      ).toBe(201);
      expect(
        (await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: entries() }))
          .statusCode,
      ).toBe(403);
    } finally {
      await db.update(users).set({ permissions: [] }).where(eq(users.email, 'fo@example.com'));
      await db
        .update(users)
        .set({ permissions: ['CAN_ADD_RATES'] })
        .where(eq(users.email, 'accountant@example.com'));
    }
  });
});

describe('reading sets by date', () => {
  // Dates well before the sets the tests above stored "now".
  beforeAll(async () => {
    await storeSetAt('2025-03-09T23:59:00.000Z', {
      ...VALUES,
      sell_GBP_USD: '1.1000',
      buy_GBP_USD: '1.1100',
    });
    await storeSetAt('2025-03-11T00:00:00.000Z', {
      ...VALUES,
      sell_GBP_USD: '1.2000',
      buy_GBP_USD: '1.2100',
    });
    await storeSetAt('2025-03-11T23:59:59.999Z', {
      ...VALUES,
      sell_GBP_USD: '1.3000',
      buy_GBP_USD: '1.3100',
    });
  });

  const gbpUsdOn = async (date: string) => {
    const res = await t.request({ method: 'GET', url: `rates/on-date/?date=${date}`, token: fo });
    expect(res.statusCode).toBe(200);
    const set: RateSet | null = res.json().data;
    return set ? record(set, 'GBP', 'USD').rate_sell : null;
  };

  it('returns the set in force at the end of the day (UTC)', async () => {
    expect(await gbpUsdOn('2025-03-08')).toBeNull();
    expect(await gbpUsdOn('2025-03-09')).toBe('1.100000'); // saved at 23:59 that day
    expect(await gbpUsdOn('2025-03-10')).toBe('1.100000'); // the next day: still in force
    expect(await gbpUsdOn('2025-03-11')).toBe('1.300000'); // the last of the day wins, to the millisecond
    expect(await gbpUsdOn('2025-03-12')).toBe('1.300000');
  });

  it('refuses a missing or impossible date', async () => {
    for (const url of [
      'rates/on-date/',
      'rates/on-date/?date=2025-02-30',
      'rates/on-date/?date=11/03/2025',
    ]) {
      const res = await t.request({ method: 'GET', url, token: fo });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.date).toBeDefined();
    }
  });

  it('resolves a pair rate on a date, and its buy side', async () => {
    const sell = await t.request({
      method: 'GET',
      url: 'exchange-rates/GBP/USD/?date=2025-03-10',
      token: fo,
    });
    expect(sell.json().data).toMatchObject({ rate: '1.100000', route: 'direct', side: 'sell' });
    const buy = await t.request({
      method: 'GET',
      url: 'exchange-rates/USD/GBP/?date=2025-03-10&side=buy',
      token: fo,
    });
    expect(buy.json().data).toMatchObject({ rate: '0.909100', route: 'direct', side: 'buy' }); // 1 / 1.1000
  });

  it('gives the last record of a pair on or before a day, or null', async () => {
    const q = 'original_currency=GBP&target_currency=USD';
    const on = await t.request({
      method: 'GET',
      url: `exchange-rates/get-last-rate/?${q}&date=2025-03-10`,
      token: bo,
    });
    expect(on.json().data).toMatchObject({ rate_sell: '1.100000', created_at: '2025-03-09T23:59:00.000Z' });
    const none = await t.request({
      method: 'GET',
      url: `exchange-rates/get-last-rate/?${q}&date=2025-01-01`,
      token: bo,
    });
    expect(none.json()).toEqual({ data: null });
    const latest = await t.request({ method: 'GET', url: `exchange-rates/get-last-rate/?${q}`, token: bo });
    expect(Date.parse(latest.json().data.created_at)).toBeGreaterThan(Date.parse('2026-01-01'));
    const bad = await t.request({
      method: 'GET',
      url: 'exchange-rates/get-last-rate/?original_currency=GBP',
      token: bo,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.target_currency).toEqual(['Required field']);
  });

  it('pages the history, newest first, and filters by days', async () => {
    const page = await t.request({ method: 'GET', url: 'rates/?limit=2&offset=0', token: accountant });
    const body = page.json();
    expect(body.meta).toEqual({ total: await setCount(), limit: 2, offset: 0 });
    expect(body.data).toHaveLength(2);
    expect(Date.parse(body.data[0].created_at)).toBeGreaterThanOrEqual(Date.parse(body.data[1].created_at));
    expect(body.data[0].rates).toHaveLength(12);

    const march = await t.request({
      method: 'GET',
      url: 'rates/?date_from=2025-03-10&date_to=2025-03-11&ordering=created_at',
      token: accountant,
    });
    expect(march.json().data.map((s: RateSet) => s.created_at)).toEqual([
      '2025-03-11T00:00:00.000Z',
      '2025-03-11T23:59:59.999Z',
    ]);
    expect(march.json().meta.total).toBe(2);
  });

  it('refuses bad list parameters', async () => {
    for (const url of [
      'rates/?limit=501',
      'rates/?offset=-1',
      'rates/?ordering=rate',
      'rates/?date_from=2025-13-01',
    ]) {
      expect((await t.request({ method: 'GET', url, token: accountant })).statusCode).toBe(400);
    }
    const reversed = await t.request({
      method: 'GET',
      url: 'rates/?date_from=2025-03-12&date_to=2025-03-11',
      token: fo,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.date_to).toEqual(['Must not be before date_from']);
  });
});

describe('the current rates and pair lookups', () => {
  it('answers the newest set with the six configured pairs', async () => {
    const res = await t.request({ method: 'GET', url: 'exchange-rates/get-latest-rate/', token: fo });
    const current: CurrentRates = res.json().data;
    const list = await t.request({ method: 'GET', url: 'rates/?limit=1', token: fo });
    expect(current.id).toBe(list.json().data[0].id);
    expect(current.pairs).toHaveLength(6);
    expect(current.pairs[0]).toEqual({
      original_currency: { named: 'GBP' },
      target_currency: { named: 'USD' },
    });
  });

  it('reads the inverse record and refuses unknown currencies', async () => {
    const res = await t.request({ method: 'GET', url: 'exchange-rates/AED/GBP/', token: fo });
    expect(res.json().data).toMatchObject({ rate: '0.213100', route: 'direct' }); // 1 / 4.6930
    const bad = await t.request({ method: 'GET', url: 'exchange-rates/GBP/JPY/', token: fo });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.b).toEqual(['Invalid field value']);
  });
});

describe('single records', () => {
  const newest = async (): Promise<RateSet> =>
    (await t.request({ method: 'GET', url: 'exchange-rates/get-latest-rate/', token: fo })).json().data;

  it('POST /exchange-rates/ puts one pair in force now, as a new set keeping the other pairs', async () => {
    const before = await newest();
    const res = await postRate('GBP', 'EUR', '1.17', '1.18');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ rate: '1.170000', rate_sell: '1.170000', rate_buy: '1.180000' });
    const after = await newest();
    expect(after.id).toBe(res.json().data.rate_set_id);
    expect(after.id).not.toBe(before.id);
    expect(record(after, 'EUR', 'GBP').rate).toBe('0.847500'); // 1 / 1.18
    expect(record(after, 'GBP', 'USD').rate_sell).toBe(record(before, 'GBP', 'USD').rate_sell);
    expect(after.rates).toHaveLength(12);
  });

  it('POST /exchange-rates/ refuses an inverse pair, a zero rate and FO', async () => {
    const body = {
      original_currency: { named: 'USD' },
      target_currency: { named: 'GBP' },
      rate_sell: '0.78',
      rate_buy: '0.79',
    };
    const inverse = await t.request({
      method: 'POST',
      url: 'exchange-rates/',
      token: accountant,
      payload: body,
    });
    expect(inverse.statusCode).toBe(400);
    expect(inverse.json().errors.target_currency[0]).toContain('inverse rates are derived');
    const zero = await t.request({
      method: 'POST',
      url: 'exchange-rates/',
      token: accountant,
      payload: {
        ...body,
        original_currency: { named: 'GBP' },
        target_currency: { named: 'USD' },
        rate_sell: '0',
      },
    });
    expect(zero.json().errors.rate_sell).toEqual(['Minimum value 0.000001']);
    const count = await setCount();
    const belowSell = await postRate('GBP', 'USD', '1.28', '1.27');
    expect(belowSell.statusCode).toBe(400);
    expect(belowSell.json().errors.rate_buy).toEqual(['Buy must be at least sell']);
    expect(await setCount()).toBe(count);
    expect(
      (await t.request({ method: 'POST', url: 'exchange-rates/', token: fo, payload: body })).statusCode,
    ).toBe(403);
  });

  it('PATCH corrects a direct record and re-derives its inverse', async () => {
    const set = await newest();
    const direct = record(set, 'USD', 'AED');
    const res = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${direct.id}/`,
      token: admin,
      payload: { ...direct, rate: '3.66', rate_sell: '3.66', rate_buy: '3.69' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: direct.id, rate: '3.660000', rate_buy: '3.690000' });
    const after = await newest();
    expect(record(after, 'AED', 'USD')).toMatchObject({ rate: '0.271000', rate_buy: '0.273200' }); // 1/3.69, 1/3.66

    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=exchange_rate&entity_id=${direct.id}`,
      token: fo,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'update',
      user: { name: 'Alice Admin' },
      changes: { rate_buy: [direct.rate_buy, '3.690000'] },
    });
    const inverseId = record(after, 'AED', 'USD').id;
    const inverseAudit = await t.request({
      method: 'GET',
      url: `audit/?entity=exchange_rate&entity_id=${inverseId}`,
      token: fo,
    });
    expect(inverseAudit.json().data[0].changes.rate_buy[1]).toBe('0.273200');
  });

  it('PATCH refuses an inverse record, a changed pair, a mismatched id, bad values and FO', async () => {
    const set = await newest();
    const direct = record(set, 'GBP', 'USD');
    const inverse = record(set, 'USD', 'GBP');
    const derived = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${inverse.id}/`,
      token: accountant,
      payload: inverse,
    });
    expect(derived.statusCode).toBe(400);
    expect(derived.json().errors[0]).toMatchObject({ code: 'rate_derived' });

    const moved = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${direct.id}/`,
      token: accountant,
      payload: { ...direct, target_currency: { named: 'AED' } },
    });
    expect(moved.json().errors.target_currency[0]).toContain('cannot change');

    const otherId = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${direct.id}/`,
      token: accountant,
      payload: { ...direct, id: inverse.id },
    });
    expect(otherId.json().errors.id).toEqual(['Must match the id in the path']);

    const zero = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${direct.id}/`,
      token: accountant,
      payload: { ...direct, rate_buy: '0' },
    });
    expect(zero.json().errors.rate_buy).toEqual(['Minimum value 0.000001']);
    const belowSell = await t.request({
      method: 'PATCH',
      url: `exchange-rates/${direct.id}/`,
      token: accountant,
      payload: { ...direct, rate_buy: '1.264999' },
    });
    expect(belowSell.statusCode).toBe(400);
    expect(belowSell.json().errors.rate_buy).toEqual(['Buy must be at least sell']);
    expect(record(await newest(), 'GBP', 'USD')).toEqual(direct);

    expect(
      (await t.request({ method: 'PATCH', url: `exchange-rates/${direct.id}/`, token: fo, payload: direct }))
        .statusCode,
    ).toBe(403);
    const missing = await t.request({
      method: 'PATCH',
      url: 'exchange-rates/999999/',
      token: accountant,
      payload: { ...direct, id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('DELETE removes the pair with its inverse; lookups then go through GBP; an emptied set goes', async () => {
    const set = await newest();
    const eurUsd = record(set, 'EUR', 'USD');
    expect(
      (await t.request({ method: 'DELETE', url: `exchange-rates/${eurUsd.id}/`, token: fo })).statusCode,
    ).toBe(403);
    const res = await t.request({ method: 'DELETE', url: `exchange-rates/${eurUsd.id}/`, token: accountant });
    expect(res.statusCode).toBe(204);
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=exchange_rate&entity_id=${eurUsd.id}`,
      token: fo,
    });
    expect(audit.json().data[0]).toMatchObject({ action: 'delete', changes: { pair: ['EUR/USD', null] } });
    const after = await newest();
    expect(after.rates).toHaveLength(10);
    const cross = await t.request({ method: 'GET', url: 'exchange-rates/USD/EUR/', token: fo });
    // USD → GBP (inverse record) × GBP → EUR (direct), kept to 6 decimals
    const viaGbp = crossRate(record(after, 'USD', 'GBP').rate, record(after, 'GBP', 'EUR').rate);
    expect(cross.json().data).toMatchObject({ route: 'cross', rate: viaGbp });

    for (const r of after.rates.filter((_, i) => i % 2 === 0)) {
      expect(
        (await t.request({ method: 'DELETE', url: `exchange-rates/${r.id}/`, token: accountant })).statusCode,
      ).toBe(204);
    }
    const sets = await t.request({ method: 'GET', url: `rates/?limit=500`, token: fo });
    expect(sets.json().data.map((s: RateSet) => s.id)).not.toContain(after.id);
    expect(
      (await t.request({ method: 'DELETE', url: `exchange-rates/${eurUsd.id}/`, token: accountant }))
        .statusCode,
    ).toBe(404);
  });
});

// Each POST /exchange-rates/ copies the newest set's other pairs; the newest set is read inside the
// transaction behind the rate-set lock, so writers at once each build on the one before.
describe.runIf(onPostgres)('concurrent new rates (PostgreSQL)', () => {
  it('keeps every pair changed at once in the newest set', async () => {
    await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: entries() });
    const changes = [
      { from: 'GBP', to: 'USD', sell: '1.3011', buy: '1.3122' },
      { from: 'GBP', to: 'EUR', sell: '1.1811', buy: '1.1922' },
      { from: 'EUR', to: 'USD', sell: '1.1011', buy: '1.1122' },
      { from: 'GBP', to: 'AED', sell: '4.7011', buy: '4.7122' },
      { from: 'USD', to: 'AED', sell: '3.6611', buy: '3.6722' },
      { from: 'EUR', to: 'AED', sell: '4.0411', buy: '4.0522' },
    ];
    const answers = await Promise.all(changes.map((c) => postRate(c.from, c.to, c.sell, c.buy)));
    expect(answers.map((a) => a.statusCode)).toEqual(changes.map(() => 201));
    const current: RateSet = (
      await t.request({ method: 'GET', url: 'exchange-rates/get-latest-rate/', token: fo })
    ).json().data;
    for (const c of changes) {
      expect(record(current, c.from, c.to)).toMatchObject({
        rate_sell: `${c.sell}00`,
        rate_buy: `${c.buy}00`,
      });
    }
    // the newest set is the last one stored: created_at follows the order the writers committed
    const ids = answers.map((a) => a.json().data.rate_set_id as number);
    expect(current.id).toBe(Math.max(...ids));
  });
});

// PGlite runs one transaction at a time, so concurrent writers only meet on PostgreSQL. The
// direct record and its inverse are written in one transaction behind the direct row's lock.
describe.runIf(onPostgres)('concurrent corrections (PostgreSQL)', () => {
  it('leaves every inverse derived from the final values of its direct record', async () => {
    const res = await t.request({ method: 'POST', url: 'rates/', token: accountant, payload: entries() });
    const set: RateSet = res.json().data;
    const direct = record(set, 'GBP', 'AED');
    const sells = ['4.60', '4.61', '4.62', '4.63', '4.64', '4.65', '4.66', '4.67'];
    const answers = await Promise.all(
      sells.map((sell, i) =>
        t.request({
          method: 'PATCH',
          url: `exchange-rates/${direct.id}/`,
          token: accountant,
          payload: { ...direct, rate: sell, rate_sell: sell, rate_buy: `4.7${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(sells.map(() => 200));
    const stored: RateSet = (await t.request({ method: 'GET', url: `rates/?limit=1`, token: fo })).json()
      .data[0];
    const final = record(stored, 'GBP', 'AED');
    expect(record(stored, 'AED', 'GBP')).toMatchObject({
      rate: `${inverseRate(final.rate_buy)}00`,
      rate_buy: `${inverseRate(final.rate_sell)}00`,
    });
  });
});

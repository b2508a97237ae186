import type { Region } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { users } from '../users/users.table.ts';

let t: TestContext;
let admin: string;
let accountant: string;
let fo: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, accountant, fo] = await Promise.all([t.login('Admin'), t.login('Accountant'), t.login('FO')]);
});
afterAll(() => t.close());

const list = async (token = fo): Promise<Region[]> =>
  (await t.request({ method: 'GET', url: 'region/', token })).json().data;

describe('GET /region/', () => {
  it('lists the offices with their currency for any signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: 'region/', token: fo });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: Region) => [r.title, r.ccy])).toEqual([
      ['Dubai', 'AED'],
      ['London', 'GBP'],
    ]);
    expect(res.json().meta).toMatchObject({ total: 2, offset: 0 });
    expect((await t.request({ method: 'GET', url: 'region/' })).statusCode).toBe(401);
  });

  it('searches by title', async () => {
    const res = await t.request({ method: 'GET', url: 'region/?search=lon', token: fo });
    expect(res.json().data.map((r: Region) => r.title)).toEqual(['London']);
  });

  it('finds a region by its id, as the picker preloads a stored value (?search=<id>&item=true)', async () => {
    const dubai = (await list()).find((r) => r.title === 'Dubai')!;
    const res = await t.request({ method: 'GET', url: `region/?search=${dubai.id}&item=true`, token: fo });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([dubai]);
    expect(res.json().meta).toMatchObject({ total: 1 });
    const padded = await t.request({ method: 'GET', url: `region/?search=%20${dubai.id}%20`, token: fo });
    expect(padded.json().data).toEqual([dubai]);
    const none = await t.request({ method: 'GET', url: 'region/?search=999999&item=true', token: fo });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('writing regions', () => {
  it('lets Admin create a region with a currency; the title is trimmed', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'region/',
      token: admin,
      payload: { title: '  Paris ', ccy: 'EUR' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Paris', ccy: 'EUR' });
    expect((await list()).map((r) => r.title)).toContain('Paris');
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=region&entity_id=${res.json().data.id}`,
      token: fo,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'create',
      user: { name: 'Alice Admin' },
      changes: { title: [null, 'Paris'], ccy: [null, 'EUR'] },
    });
  });

  it('refuses Accountant and FO', async () => {
    for (const token of [accountant, fo]) {
      const res = await t.request({
        method: 'POST',
        url: 'region/',
        token,
        payload: { title: 'Rome', ccy: 'EUR' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await list()).map((r) => r.title)).not.toContain('Rome');
  });

  it('refuses a duplicate title (any case), a missing title and an unknown currency', async () => {
    const dup = await t.request({
      method: 'POST',
      url: 'region/',
      token: admin,
      payload: { title: 'LONDON', ccy: 'GBP' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ title: ['Should be unique'] });
    const bad = await t.request({
      method: 'POST',
      url: 'region/',
      token: admin,
      payload: { title: ' ', ccy: 'JPY' },
    });
    expect(bad.json().errors).toMatchObject({ title: ['Required field'], ccy: ['Invalid field value'] });
    const extra = await t.request({
      method: 'POST',
      url: 'region/',
      token: admin,
      payload: { title: 'Rome', ccy: 'EUR', id: 9 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('PUT changes title and currency, with or without the trailing slash', async () => {
    const paris = (await list()).find((r) => r.title === 'Paris')!;
    const res = await t.request({
      method: 'PUT',
      url: `region/${paris.id}`,
      token: admin,
      payload: { title: 'Paris office', ccy: 'GBP' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: paris.id, title: 'Paris office', ccy: 'GBP' });
    const again = await t.request({
      method: 'PUT',
      url: `region/${paris.id}/`,
      token: admin,
      payload: { title: 'Paris', ccy: 'EUR' },
    });
    expect(again.json().data).toEqual({ id: paris.id, title: 'Paris', ccy: 'EUR' });
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=region&entity_id=${paris.id}`,
      token: fo,
    });
    expect(audit.json().data[0].changes).toEqual({ title: ['Paris office', 'Paris'], ccy: ['GBP', 'EUR'] });
    const dup = await t.request({
      method: 'PUT',
      url: `region/${paris.id}`,
      token: admin,
      payload: { title: 'Dubai', ccy: 'EUR' },
    });
    expect(dup.json().errors).toEqual({ title: ['Should be unique'] });
    const missing = await t.request({
      method: 'PUT',
      url: 'region/999999',
      token: admin,
      payload: { title: 'X', ccy: 'EUR' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `region/${paris.id}`,
          token: accountant,
          payload: { title: 'Y', ccy: 'EUR' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses to delete a region that is some user’s office, with a clear message', async () => {
    const london = (await list()).find((r) => r.title === 'London')!;
    const res = await t.request({ method: 'DELETE', url: `region/${london.id}`, token: admin });
    expect(res.statusCode).toBe(400);
    // a business rule: its code reaches the client (the toast's title, 'In use')
    expect(res.json()).toEqual({
      errors: [
        {
          code: 'in_use',
          detail: 'The region London is the office of 3 users. Move them to another region first.',
        },
      ],
    });
    expect((await list()).map((r) => r.title)).toContain('London');
  });

  it('deletes an unused region, and one whose users moved away', async () => {
    const paris = (await list()).find((r) => r.title === 'Paris')!;
    expect((await t.request({ method: 'DELETE', url: `region/${paris.id}`, token: fo })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'DELETE', url: `region/${paris.id}`, token: admin })).statusCode).toBe(
      204,
    );
    expect((await t.request({ method: 'DELETE', url: `region/${paris.id}`, token: admin })).statusCode).toBe(
      404,
    );

    const dubai = (await list()).find((r) => r.title === 'Dubai')!;
    const one = await t.request({ method: 'DELETE', url: `region/${dubai.id}/`, token: admin });
    expect(one.json().errors).toEqual([
      {
        code: 'in_use',
        detail: 'The region Dubai is the office of 1 user. Move them to another region first.',
      },
    ]);
    await t.database.db.update(users).set({ region_id: null }).where(eq(users.region_id, dubai.id));
    expect((await t.request({ method: 'DELETE', url: `region/${dubai.id}/`, token: admin })).statusCode).toBe(
      204,
    );
    expect((await list()).map((r) => r.title)).toEqual(['London']);
  });
});

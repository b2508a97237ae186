import type { XeroSettings } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let accountant: string;
beforeAll(async () => {
  t = await createTestContext();
  accountant = await t.login('Accountant');
});
afterAll(() => t?.close());

const get = (token = accountant) => t.request({ method: 'GET', url: 'xero/settings/', token });
const put = (payload: unknown, token = accountant) =>
  t.request({ method: 'PUT', url: 'xero/settings/', token, payload: payload as never });

const DEFAULTS: XeroSettings = {
  account_codes: {
    'Toms EU': { sales: '200', purchases: '310' },
    'Toms non EU': { sales: '200', purchases: '310' },
    Disbursement: { sales: '260', purchases: '300' },
  },
  payment_account_code: '090',
  bank_account_codes: {},
};

describe('xero/settings/', () => {
  it('answers the defaults when none were saved', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(DEFAULTS);
  });

  it('refuses an invalid account code, a missing account type and unknown fields, saving nothing', async () => {
    const bad = structuredClone(DEFAULTS);
    bad.account_codes['Toms EU'].sales = 'has spaces';
    expect((await put(bad)).statusCode).toBe(400);
    const { Disbursement: _, ...twoTypes } = DEFAULTS.account_codes;
    expect((await put({ ...DEFAULTS, account_codes: twoTypes })).statusCode).toBe(400);
    expect((await put({ ...DEFAULTS, bank_account_codes: { abc: '090' } })).statusCode).toBe(400);
    expect((await put({ ...DEFAULTS, extra: 1 })).statusCode).toBe(400);
    expect((await get()).json().data).toEqual(DEFAULTS);
  });

  it('saves the settings with who saved them', async () => {
    const next = structuredClone(DEFAULTS);
    next.account_codes['Toms non EU'].sales = '4000';
    next.bank_account_codes = { '7': '091' };
    const res = await put(next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(next);
    expect((await get()).json().data).toEqual(next);
    const me = (await t.request({ method: 'GET', url: 'users/me/', token: accountant })).json().data.id;
    const [row] = await queryRows<{ updated_by: number }>(
      t.database.db,
      sql`select updated_by from xero_settings where id = 1`,
    );
    expect(row?.updated_by).toBe(me);
  });

  it('is for Admin and Accountant only', async () => {
    const fo = await t.login('FO');
    expect((await get(fo)).statusCode).toBe(403);
    expect((await put(DEFAULTS, fo)).statusCode).toBe(403);
    expect((await get(await t.login('Admin'))).statusCode).toBe(200);
  });
});

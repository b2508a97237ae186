import { buildRateSetEntries, type Role } from '@app/shared';
import { SAMPLE_PAIR_VALUES } from '@app/shared/rates/rates.fixtures';
import { expect } from 'vitest';
import { ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

/** What the requests tests build on: tokens and ids of the four users, companies, clients, suppliers. */
export interface RequestsWorld {
  token: Record<Role, string>;
  userId: Record<Role, number>;
  company: { BSLF: number; TPRO: number; OLD: number };
  client: { anna: number; blacklisted: number; archived: number };
  supplier: { ritz: number; jets: number; archived: number };
  region: { london: number; dubai: number };
}

const ROLES: Role[] = ['Admin', 'Accountant', 'FO', 'BO'];

async function post(t: TestContext, token: string, url: string, payload: unknown): Promise<{ id: number }> {
  const res = await t.request({ method: 'POST', url, token, payload: payload as never });
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json().data;
}

export async function buildWorld(t: TestContext): Promise<RequestsWorld> {
  const token = {} as Record<Role, string>;
  const userId = {} as Record<Role, number>;
  for (const role of ROLES) {
    token[role] = await issueToken(t.database.db, ROLE_EMAILS[role]);
    userId[role] = (await t.request({ method: 'GET', url: 'users/me/', token: token[role] })).json().data.id;
  }
  const admin = token.Admin;
  const companies = (await t.request({ method: 'GET', url: 'companies/', token: admin })).json()
    .data as Array<{
    id: number;
    code: string;
    base_currency: string;
  }>;
  const byCode = (code: string) => companies.find((c) => c.code === code)!.id;
  const company = {
    BSLF: byCode('BSLF'),
    TPRO: byCode('TPRO'),
    OLD: (await post(t, admin, 'companies/', { code: 'OLDCO', name: 'Old Company', base_currency: 'USD' }))
      .id,
  };
  await t.request({ method: 'POST', url: `companies/${company.OLD}/archive/`, token: admin });
  const client = {
    anna: (await post(t, admin, 'clients/', { first_name: 'Anna', last_name: 'Karenina' })).id,
    blacklisted: (
      await post(t, admin, 'clients/', { first_name: 'Bad', last_name: 'Payer', rating: 'Blacklisted' })
    ).id,
    archived: (await post(t, admin, 'clients/', { first_name: 'Gone', last_name: 'Away' })).id,
  };
  await t.request({ method: 'POST', url: `clients/${client.archived}/archive/`, token: admin });
  const supplier = {
    ritz: (await post(t, admin, 'suppliers/', { name: 'The Ritz London', type: 'Hotel' })).id,
    jets: (await post(t, admin, 'suppliers/', { name: 'Sky Jets', type: 'Private jet broker' })).id,
    archived: (await post(t, admin, 'suppliers/', { name: 'Closed Cars', type: 'Transfer company' })).id,
  };
  await t.request({ method: 'POST', url: `suppliers/${supplier.archived}/archive/`, token: admin });
  const regions = (await t.request({ method: 'GET', url: 'region/', token: admin })).json().data as Array<{
    id: number;
    title: string;
  }>;
  const region = {
    london: regions.find((r) => r.title === 'London')!.id,
    dubai: regions.find((r) => r.title === 'Dubai')!.id,
  };
  return { token, userId, company, client, supplier, region };
}

/** A full rate set (the sample values, optionally changed), stored through the API. */
export async function postRates(t: TestContext, w: RequestsWorld, values: Record<string, string> = {}) {
  const res = await t.request({
    method: 'POST',
    url: 'rates/',
    token: w.token.Admin,
    payload: buildRateSetEntries({ ...SAMPLE_PAIR_VALUES, ...values }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

export const hotelLine = (w: RequestsWorld, over: Record<string, unknown> = {}) => ({
  service_type: 'Hotel',
  supplier_id: w.supplier.ritz,
  date_from: '2026-06-01',
  date_to: '2026-06-05',
  account_type: 'Toms EU',
  cost: '1000.00',
  cost_currency: 'GBP',
  sell: '1250.00',
  sell_currency: 'GBP',
  payment_method: 'Wire',
  hotel_name: 'The Ritz',
  ...over,
});

export const requestBody = (w: RequestsWorld, over: Record<string, unknown> = {}) => ({
  company_id: w.company.BSLF,
  client_id: w.client.anna,
  fo_manager_id: w.userId.FO,
  bo_manager_id: w.userId.BO,
  region_id: w.region.london,
  ...over,
});

import { ALL_SERVICE_TYPES, SERVICE_SUBTYPES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let accountant: string;

beforeAll(async () => {
  t = await createTestContext();
  accountant = await tokenFor('Accountant');
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const list = (query: string, token = accountant) =>
  t.request({ method: 'GET', url: `services/?${query}`, token });

describe('services catalogue', () => {
  it('holds every service type and subtype of the spec with a default account type', async () => {
    const res = (await list('limit=100')).json();
    expect(res.meta.total).toBe(ALL_SERVICE_TYPES.length + SERVICE_SUBTYPES.length);
    const named = res.data.map((s: { named: string }) => s.named);
    for (const name of [...ALL_SERVICE_TYPES, ...SERVICE_SUBTYPES]) expect(named).toContain(name);
    const flowers = res.data.find((s: { named: string }) => s.named === 'Flowers');
    expect(flowers).toMatchObject({
      service_type: 'Other',
      subtype: 'Flowers',
      default_account_type: 'Disbursement',
    });
    // Grouped by type, the type's own line before its subtypes.
    const others = res.data.filter((s: { service_type: string }) => s.service_type === 'Other');
    expect(others[0]).toMatchObject({ named: 'Other', subtype: null });
  });

  it('lets Admin and Accountant change the default account type, FO and BO only read', async () => {
    const hotel = (await list('search=hotel&list=true')).json().data[0];
    expect(hotel).toMatchObject({ named: 'Hotel', default_account_type: 'Toms EU' });
    const full = (await t.request({ method: 'GET', url: `services/${hotel.id}/`, token: accountant })).json()
      .data;
    for (const role of ['FO', 'BO'] as const) {
      const token = await tokenFor(role);
      expect((await list('search=hotel', token)).statusCode).toBe(200);
      expect(
        (
          await t.request({
            method: 'PATCH',
            url: `services/${hotel.id}/`,
            token,
            payload: { version: full.version, default_account_type: 'Disbursement' },
          })
        ).statusCode,
      ).toBe(403);
    }
    const res = await t.request({
      method: 'PATCH',
      url: `services/${hotel.id}/`,
      token: accountant,
      payload: { version: full.version, default_account_type: 'Toms non EU' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ default_account_type: 'Toms non EU', version: full.version + 1 });
    const stale = await t.request({
      method: 'PATCH',
      url: `services/${hotel.id}/`,
      token: accountant,
      payload: { version: full.version, default_account_type: 'Toms EU' },
    });
    expect(stale.statusCode).toBe(409);
    const [entry] = (
      await t.request({
        method: 'GET',
        url: `audit/?entity=service&entity_id=${hotel.id}`,
        token: accountant,
      })
    ).json().data;
    expect(entry.changes).toEqual({ default_account_type: ['Toms EU', 'Toms non EU'] });
  });

  it('refuses a line that exists, a subtype without Other, and Other without a subtype', async () => {
    const dup = await t.request({
      method: 'POST',
      url: 'services/',
      token: accountant,
      payload: { service_type: 'Other', subtype: 'Cruise', default_account_type: 'Toms EU' },
    });
    expect(dup.json()).toEqual({ errors: { subtype: ['Should be unique'] } });
    const wrong = await t.request({
      method: 'POST',
      url: 'services/',
      token: accountant,
      payload: { service_type: 'Hotel', subtype: 'Cruise', default_account_type: 'Toms EU' },
    });
    expect(wrong.json().errors.subtype).toEqual(['Invalid field value']);
    const missing = await t.request({
      method: 'POST',
      url: 'services/',
      token: accountant,
      payload: { service_type: 'Other', default_account_type: 'Toms EU' },
    });
    expect(missing.json().errors.subtype).toEqual(['Required field']);
    const badType = await t.request({
      method: 'POST',
      url: 'services/',
      token: accountant,
      payload: { service_type: 'Spa', default_account_type: 'VAT' },
    });
    expect(badType.json().errors).toMatchObject({
      service_type: ['Invalid field value'],
      default_account_type: ['Invalid field value'],
    });
  });

  it('archives a line out of the pickers', async () => {
    const flowers = (await list('search=flowers&list=true')).json().data[0];
    expect(
      (await t.request({ method: 'POST', url: `services/${flowers.id}/archive/`, token: accountant }))
        .statusCode,
    ).toBe(200);
    expect((await list('search=flowers&list=true')).json().data).toEqual([]);
    expect((await list('search=flowers&archived=true')).json().data).toHaveLength(1);
    // A picker whose current value is the archived line still resolves it for display.
    const preload = (await list(`item=true&search=${flowers.id}&list=true`)).json().data;
    expect(preload).toEqual([expect.objectContaining({ id: flowers.id, named: 'Flowers' })]);
  });
});

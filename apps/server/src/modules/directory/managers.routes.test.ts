import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await tokenFor('Admin');
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

describe('managers', () => {
  it('shows Admin the FO and BO users with their office and client count', async () => {
    const fo = await tokenFor('FO');
    const foId = (await t.request({ method: 'GET', url: 'users/me/', token: fo })).json().data.id;
    await t.request({
      method: 'POST',
      url: 'clients/',
      token: fo,
      payload: { first_name: 'Managed', last_name: 'Client', fo_manager_id: foId },
    });
    const res = await t.request({ method: 'GET', url: 'managers/', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: expect.any(Number),
          name: 'Boris Back',
          named: 'Boris Back',
          email: 'bo@example.com',
          role: 'BO',
          office: expect.objectContaining({ title: 'London' }),
          is_active: true,
          clients_count: 0,
        },
        {
          id: foId,
          name: 'Fiona Front',
          named: 'Fiona Front',
          email: 'fo@example.com',
          role: 'FO',
          office: expect.objectContaining({ title: 'Dubai' }),
          is_active: true,
          clients_count: 1,
        },
      ],
      meta: { total: 2, limit: 20, offset: 0, total_estimated: false },
    });
    const onlyFo = (
      await t.request({ method: 'GET', url: 'managers/?role=FO&list=true', token: admin })
    ).json().data;
    expect(onlyFo).toEqual([
      { id: foId, named: 'Fiona Front', role: 'FO', office: expect.objectContaining({ title: 'Dubai' }) },
    ]);
  });

  it('keeps the Managers screen to Admin but gives every role the manager picker', async () => {
    for (const role of ['Accountant', 'FO', 'BO'] as const) {
      const token = await tokenFor(role);
      expect((await t.request({ method: 'GET', url: 'managers/', token })).statusCode).toBe(403);
      const picker = await t.request({ method: 'GET', url: 'managers/picker/?search=fio', token });
      expect(picker.statusCode).toBe(200);
      expect(picker.json().data.map((m: { named: string }) => m.named)).toEqual(['Fiona Front']);
    }
  });

  it('refuses an unknown role filter', async () => {
    expect((await t.request({ method: 'GET', url: 'managers/?role=Admin', token: admin })).statusCode).toBe(
      400,
    );
  });
});

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
      {
        id: foId,
        named: 'Fiona Front',
        role: 'FO',
        office: expect.objectContaining({ title: 'Dubai' }),
        office_title: 'Dubai',
      },
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

describe('manager picker', () => {
  const picker = async (query: string) =>
    (
      await t.request({ method: 'GET', url: `managers/picker/?${query}`, token: await tokenFor('FO') })
    ).json();

  it('gives each item its office title for the right-aligned extra value', async () => {
    const [fiona] = (await picker('search=fio')).data;
    expect(fiona).toEqual({
      id: expect.any(Number),
      named: 'Fiona Front',
      role: 'FO',
      office: expect.objectContaining({ title: 'Dubai' }),
      office_title: 'Dubai',
    });
    // A manager without an office has none.
    const created = await t.request({
      method: 'POST',
      url: 'users/',
      token: admin,
      payload: {
        name: 'Nomad Manager',
        email: 'nomad@example.com',
        role: 'BO',
        password: 'temporary-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    expect((await picker('search=nomad')).data).toEqual([
      { id: created.json().data.id, named: 'Nomad Manager', role: 'BO', office: null, office_title: null },
    ]);
  });

  it('lists active Admins too with with_admins=true, labelled Admin, and only then', async () => {
    const named = (body: { data: { named: string }[] }) => body.data.map((m) => m.named);
    // Without the flag: FO and BO users only (Nomad Manager comes from a test above), items as
    // before (no `extra`), role=Admin refused.
    const managers = ['Boris Back', 'Fiona Front', 'Nomad Manager'];
    const plain = await picker('');
    expect(named(plain)).toEqual(managers);
    expect(plain.data[0]).not.toHaveProperty('extra');
    expect(named(await picker('with_admins=false'))).toEqual(managers);
    const refused = await t.request({
      method: 'GET',
      url: 'managers/picker/?role=Admin',
      token: await tokenFor('FO'),
    });
    expect(refused.statusCode).toBe(400);

    const withAdmins = await picker('with_admins=true');
    expect(withAdmins.data).toEqual([
      {
        id: expect.any(Number),
        named: 'Alice Admin',
        role: 'Admin',
        office: expect.objectContaining({ title: 'London' }),
        office_title: 'London',
        extra: 'Admin · London',
      },
      expect.objectContaining({ named: 'Boris Back', role: 'BO', extra: 'London' }),
      expect.objectContaining({ named: 'Fiona Front', role: 'FO', extra: 'Dubai' }),
      expect.objectContaining({ named: 'Nomad Manager', role: 'BO', extra: null }),
    ]);
    expect(withAdmins.meta.total).toBe(4);
    // The manager field's role filter keeps the Admins; the Accountant is never listed.
    expect(named(await picker('role=FO&with_admins=true'))).toEqual(['Alice Admin', 'Fiona Front']);
    expect(named(await picker('role=BO&with_admins=true&search=ali'))).toEqual(['Alice Admin']);
    expect(named(await picker('with_admins=true&search=arthur'))).toEqual([]);
    // An Admin without an office is labelled 'Admin'; the preload finds an Admin by id.
    const created = await t.request({
      method: 'POST',
      url: 'users/',
      token: admin,
      payload: {
        name: 'Olga Officeadmin',
        email: 'olga@example.com',
        role: 'Admin',
        password: 'temporary-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const olgaId = created.json().data.id;
    expect((await picker('with_admins=true&search=olga')).data).toEqual([
      expect.objectContaining({ id: olgaId, role: 'Admin', office_title: null, extra: 'Admin' }),
    ]);
    expect((await picker(`item=true&search=${olgaId}`)).data).toEqual([]);
    expect((await picker(`with_admins=true&item=true&search=${olgaId}`)).data).toEqual([
      expect.objectContaining({ id: olgaId, named: 'Olga Officeadmin' }),
    ]);
    // A deactivated Admin leaves the searches, as a manager does.
    await t.request({
      method: 'PATCH',
      url: `users/${olgaId}/`,
      token: admin,
      payload: { version: created.json().data.version, is_active: false },
    });
    expect((await picker('with_admins=true&search=olga')).data).toEqual([]);
  });

  it('preloads a manager by id with item=true, and finds the id in a search', async () => {
    const [fiona] = (await picker('search=fio')).data;
    const byId = await picker(`item=true&search=${fiona.id}`);
    expect(byId.data.map((m: { id: number }) => m.id)).toEqual([fiona.id]);
    const searched = await picker(`search=${fiona.id}`);
    expect(searched.data.map((m: { id: number }) => m.id)).toEqual([fiona.id]);
  });

  it('preloads a deactivated manager (one who left) but leaves them out of searches', async () => {
    const created = (
      await t.request({
        method: 'POST',
        url: 'users/',
        token: admin,
        payload: {
          name: 'Former Manager',
          email: 'former@example.com',
          role: 'FO',
          password: 'temporary-pass-1',
        },
      })
    ).json().data;
    await t.request({
      method: 'PATCH',
      url: `users/${created.id}/`,
      token: admin,
      payload: { version: created.version, is_active: false },
    });
    expect((await picker('search=former')).data).toEqual([]);
    const byId = await picker(`item=true&search=${created.id}`);
    expect(byId.data).toEqual([expect.objectContaining({ id: created.id, named: 'Former Manager' })]);
  });
});

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

const companies = (token: string) => t.request({ method: 'GET', url: 'companies/', token });

describe('companies', () => {
  it('starts with BSLF, TPRO and AIRS, readable by every role', async () => {
    for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const) {
      const res = await companies(await tokenFor(role));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { code: string }) => c.code)).toEqual(['AIRS', 'BSLF', 'TPRO']);
    }
  });

  it('is edited only with CAN_EDIT_COMPANIES (Admin always)', async () => {
    const bslf = (await companies(admin)).json().data.find((c: { code: string }) => c.code === 'BSLF');
    const accountant = await tokenFor('Accountant');
    const refused = await t.request({
      method: 'PATCH',
      url: `companies/${bslf.id}/`,
      token: accountant,
      payload: { version: bslf.version, vat_number: 'GB1' },
    });
    expect(refused.statusCode).toBe(403);
    // A Backend user given the permission may edit.
    const created = await t.request({
      method: 'POST',
      url: 'users/',
      token: admin,
      payload: {
        name: 'Company Editor',
        email: 'editor@example.com',
        role: 'BO',
        permissions: ['CAN_EDIT_COMPANIES'],
        password: 'temporary-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const first = await t.login('editor@example.com', 'temporary-pass-1');
    await t.request({
      method: 'POST',
      url: 'users/me/password/',
      token: first,
      payload: { new_password: 'editor-pass-123' },
    });
    const editor = await t.login('editor@example.com', 'editor-pass-123');
    const res = await t.request({
      method: 'PATCH',
      url: `companies/${bslf.id}/`,
      token: editor,
      payload: { version: bslf.version, vat_number: 'GB999999973' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'BSLF',
      vat_number: 'GB999999973',
      version: bslf.version + 1,
    });
    const byAdmin = await t.request({
      method: 'PATCH',
      url: `companies/${bslf.id}/`,
      token: admin,
      payload: { version: bslf.version + 1, name: 'Bespoke Lifestyle Group Ltd' },
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('keeps company codes unique and well formed', async () => {
    const dup = await t.request({
      method: 'POST',
      url: 'companies/',
      token: admin,
      payload: { code: 'tpro', name: 'Copy', base_currency: 'AED' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ errors: { code: ['Should be unique'] } });
    const bad = await t.request({
      method: 'POST',
      url: 'companies/',
      token: admin,
      payload: { code: 'A B', name: '', base_currency: 'RUB' },
    });
    expect(bad.json().errors).toMatchObject({
      code: ['Invalid field value'],
      name: ['Required field'],
      base_currency: ['Invalid field value'],
    });
    const ok = await t.request({
      method: 'POST',
      url: 'companies/',
      token: admin,
      payload: { code: 'ydub', name: 'Yacht Dubai LLC', base_currency: 'AED' },
    });
    expect(ok.json().data).toMatchObject({ code: 'YDUB', named: 'YDUB' });
  });
});

describe('company pickers and archived companies', () => {
  const create = (code: string) =>
    t.request({
      method: 'POST',
      url: 'companies/',
      token: admin,
      payload: { code, name: `${code} Holdings`, base_currency: 'EUR' },
    });

  it('preloads a company by its id with item=true, archived or not', async () => {
    const tpro = (await companies(admin)).json().data.find((c: { code: string }) => c.code === 'TPRO');
    const byId = (
      await t.request({
        method: 'GET',
        url: `companies/?item=true&search=${tpro.id}&list=true`,
        token: admin,
      })
    ).json().data;
    expect(byId).toEqual([expect.objectContaining({ id: tpro.id, named: 'TPRO' })]);
    // The ordinary search finds the id too.
    const searched = (
      await t.request({ method: 'GET', url: `companies/?search=${tpro.id}&list=true`, token: admin })
    ).json().data;
    expect(searched.map((c: { id: number }) => c.id)).toContain(tpro.id);

    const { id } = (await create('OLDC')).json().data;
    await t.request({ method: 'POST', url: `companies/${id}/archive/`, token: admin });
    const archived = (
      await t.request({ method: 'GET', url: `companies/?item=true&search=${id}&list=true`, token: admin })
    ).json().data;
    expect(archived).toEqual([expect.objectContaining({ id, named: 'OLDC' })]);
  });

  it('keeps an archived company code taken', async () => {
    const { id } = (await create('GONE')).json().data;
    await t.request({ method: 'POST', url: `companies/${id}/archive/`, token: admin });
    const again = await create('gone');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { code: ['Should be unique'] } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await tokenFor('BO');
  await t.request({
    method: 'POST',
    url: 'clients/',
    token,
    payload: { first_name: 'Alexander', last_name: 'Volkov' },
  });
  await t.request({
    method: 'POST',
    url: 'clients/',
    token,
    payload: { first_name: 'Alex', last_name: 'Smith', rating: 'Blacklisted' },
  });
  await t.request({
    method: 'POST',
    url: 'suppliers/',
    token,
    payload: { name: 'Alexander Palace Hotel', type: 'Hotel' },
  });
  const archived = (
    await t.request({
      method: 'POST',
      url: 'suppliers/',
      token,
      payload: { name: 'Alex Old Transfers', type: 'Transfer company' },
    })
  ).json().data;
  await t.request({ method: 'POST', url: `suppliers/${archived.id}/archive/`, token });
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

describe('GET /search/', () => {
  it('answers the matching clients and suppliers, archived ones left out', async () => {
    const res = await t.request({ method: 'GET', url: 'search/?search=alex', token });
    expect(res.statusCode).toBe(200);
    const { clients, suppliers } = res.json().data;
    expect(clients.map((c: { named: string }) => c.named)).toEqual(['Alex Smith', 'Alexander Volkov']);
    expect(clients[0]).toMatchObject({ blacklisted: true });
    expect(suppliers.map((s: { named: string }) => s.named)).toEqual(['Alexander Palace Hotel']);
  });

  it('narrows with more words and answers nothing for blank text', async () => {
    const narrowed = (await t.request({ method: 'GET', url: 'search/?search=alex%20vol', token })).json()
      .data;
    expect(narrowed.clients.map((c: { named: string }) => c.named)).toEqual(['Alexander Volkov']);
    expect(narrowed.suppliers).toEqual([]);
    expect((await t.request({ method: 'GET', url: 'search/?search=%20%20', token })).json()).toEqual({
      data: { requests: [], clients: [], suppliers: [] },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: 'search/?search=alex' })).statusCode).toBe(401);
  });
});

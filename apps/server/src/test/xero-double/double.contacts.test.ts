import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INVALID, editContactInXero, NAME_EMPTY, nameTaken } from './contacts.ts';
import { startXeroDouble, type XeroDouble } from './index.ts';

let double: XeroDouble;
let tenant: string;
const TOKEN = 'double-contacts-test-token';

/** A tenant connected with a live bearer token, set straight into the double. */
beforeAll(async () => {
  double = await startXeroDouble();
  const { state } = double;
  tenant = state.tenants[0]!.tenantId;
  state.accessTokens.set(TOKEN, { grantId: 'grant-1', expiresAt: state.clock.now() + 3_600_000 });
  state.connections.push({ id: 'conn-1', tenantId: tenant, grantId: 'grant-1', createdDateUtc: '' });
});
afterAll(() => double.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${double.url}/api/api.xro/2.0/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'xero-tenant-id': tenant,
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: Xero's answers are read loosely here
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const contacts = () => double.state.contacts.get(tenant)!;

describe('the Xero double: Contacts', () => {
  let annaId: string;

  it('creates contacts with PUT and answers them in Xero shape', async () => {
    const res = await call('PUT', 'Contacts?summarizeErrors=false', {
      Contacts: [
        {
          Name: 'Anna Karenina',
          ContactNumber: 'CLIENT-1',
          EmailAddress: 'anna@example.com',
          Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '+44 20 1234' }],
          Addresses: [{ AddressType: 'STREET', AddressLine1: '1 Main St', City: 'London', Country: 'UK' }],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.Status).toBe('OK');
    const anna = res.body.Contacts[0];
    expect(anna.StatusAttributeString).toBe('OK');
    expect(anna.ContactID).toMatch(/^[0-9a-f-]{36}$/);
    expect(anna.UpdatedDateUTC).toMatch(/^\/Date\(\d+\+0000\)\/$/);
    annaId = anna.ContactID;
    expect(contacts().get(annaId)?.EmailAddress).toBe('anna@example.com');
  });

  it('updates by ContactID with POST: the given phone replaces the one of its type, the rest is kept', async () => {
    double.state.clock.offsetMs += 1000;
    const res = await call('POST', 'Contacts', {
      Contacts: [{ ContactID: annaId, Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '+44 99' }] }],
    });
    expect(res.status).toBe(200);
    const stored = contacts().get(annaId)!;
    expect(stored.Phones).toEqual([{ PhoneType: 'DEFAULT', PhoneNumber: '+44 99' }]);
    expect(stored.EmailAddress).toBe('anna@example.com');
    expect(contacts().size).toBe(1);
  });

  it('refuses per element with summarizeErrors=false (name taken, empty name, bad email) and keeps the valid one', async () => {
    const res = await call('POST', 'Contacts?summarizeErrors=false', {
      Contacts: [
        { Name: 'anna karenina' },
        { Name: '' },
        { Name: 'Levin', EmailAddress: 'not-an-email' },
        { Name: 'Kitty' },
      ],
    });
    expect(res.status).toBe(200);
    const [taken, empty, badEmail, kitty] = res.body.Contacts;
    expect(taken.HasValidationErrors).toBe(true);
    expect(taken.StatusAttributeString).toBe('ERROR');
    expect(taken.ValidationErrors).toEqual([{ Message: nameTaken('anna karenina') }]);
    expect(empty.ValidationErrors).toEqual([{ Message: NAME_EMPTY }]);
    expect(badEmail.ValidationErrors).toEqual([{ Message: EMAIL_INVALID }]);
    expect(kitty.StatusAttributeString).toBe('OK');
    expect([...contacts().values()].map((c) => c.Name).sort()).toEqual(['Anna Karenina', 'Kitty']);
  });

  it('without summarizeErrors=false one invalid element is a 400 ValidationException and nothing is saved', async () => {
    const res = await call('POST', 'Contacts', { Contacts: [{ Name: 'Vronsky' }, { Name: 'Kitty' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException' });
    expect(res.body.Elements).toHaveLength(1);
    expect(res.body.Elements[0].ValidationErrors[0].Message).toBe(nameTaken('Kitty'));
    expect([...contacts().values()].some((c) => c.Name === 'Vronsky')).toBe(false);
  });

  it('lists with If-Modified-Since, IDs and a where on ContactNumber; gets one by id', async () => {
    const all = await call('GET', 'Contacts');
    expect(all.body.Contacts).toHaveLength(2);
    const latestMs = Math.max(
      ...[...contacts().values()].map((c) => Number(/\d+/.exec(c.UpdatedDateUTC)![0])),
    );
    double.state.clock.offsetMs += 2000;
    editContactInXero(double.state, tenant, annaId, { EmailAddress: 'anna.k@example.com' });
    // Whole seconds, as an HTTP date would carry: still after every earlier change.
    const since = new Date(latestMs + 1000).toISOString().slice(0, 19);
    const changed = await call('GET', 'Contacts', undefined, { 'If-Modified-Since': since });
    expect(changed.body.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['Anna Karenina']);
    expect(changed.body.Contacts[0].EmailAddress).toBe('anna.k@example.com');
    const byId = await call('GET', `Contacts?IDs=${annaId}`);
    expect(byId.body.Contacts).toHaveLength(1);
    const where = encodeURIComponent('ContactNumber=="CLIENT-1" OR ContactNumber=="CLIENT-9"');
    const found = await call('GET', `Contacts?where=${where}`);
    expect(found.body.Contacts.map((c: { ContactID: string }) => c.ContactID)).toEqual([annaId]);
    const one = await call('GET', `Contacts/${annaId}`);
    expect(one.body.Contacts[0].Name).toBe('Anna Karenina');
    expect((await call('GET', 'Contacts/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('pages 100 at a time', async () => {
    await call('PUT', 'Contacts', {
      Contacts: Array.from({ length: 150 }, (_, i) => ({ Name: `Paged ${i}` })),
    });
    const p1 = await call('GET', 'Contacts?page=1');
    const p2 = await call('GET', 'Contacts?page=2');
    const p3 = await call('GET', 'Contacts?page=3');
    expect(p1.body.Contacts).toHaveLength(100);
    expect(p2.body.Contacts).toHaveLength(52);
    expect(p3.body.Contacts).toHaveLength(0);
    expect(p1.body.pagination).toMatchObject({ page: 1, pageSize: 100, itemCount: 152, pageCount: 2 });
  });

  it('an archived contact frees its name and leaves the default list', async () => {
    const kitty = [...contacts().values()].find((c) => c.Name === 'Kitty')!;
    await call('POST', 'Contacts', { Contacts: [{ ContactID: kitty.ContactID, ContactStatus: 'ARCHIVED' }] });
    const again = await call('PUT', 'Contacts', { Contacts: [{ Name: 'Kitty' }] });
    expect(again.status).toBe(200);
    const where = encodeURIComponent('Name=="Kitty"');
    expect((await call('GET', `Contacts?where=${where}`)).body.Contacts).toHaveLength(1);
    expect((await call('GET', `Contacts?where=${where}&includeArchived=true`)).body.Contacts).toHaveLength(2);
  });
});

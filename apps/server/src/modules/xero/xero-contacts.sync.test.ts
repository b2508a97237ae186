import { XERO_SYNC_SUCCESS, type XeroSyncRun } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectXero } from '../../test/xero-double/connect.ts';
import { editContactInXero, nameTaken, onContactsCall } from '../../test/xero-double/contacts.ts';
import { startXeroDouble, type XeroDouble } from '../../test/xero-double/index.ts';
import { xeroRecords, xeroSyncRuns } from './xero.table.ts';
import { NOT_CONNECTED_TO_START } from './xero-sync.service.ts';

let double: XeroDouble;
let t: TestContext;
let admin: string;
let accountant: string;
let tenant: string;

beforeAll(async () => {
  double = await startXeroDouble();
  tenant = double.state.tenants[0]!.tenantId;
  t = await createTestContext(double.env);
  [admin, accountant] = await Promise.all([t.login('Admin'), t.login('Accountant')]);
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const db = () => t.database.db;
const xeroContacts = () => double.state.contacts.get(tenant)!;

/** Polls the run (waiting for the background between polls) until it has ended. */
async function waitRun(id: number): Promise<XeroSyncRun> {
  for (let i = 0; i < 100; i++) {
    await t.app.background.idle();
    const res = await t.request({ method: 'GET', url: `xero/runs/${id}/`, token: accountant });
    expect(res.statusCode).toBe(200);
    const run = res.json().data as XeroSyncRun;
    if (run.status === 'done' || run.status === 'failed') return run;
  }
  throw new Error(`run ${id} did not end`);
}

async function sync(): Promise<XeroSyncRun> {
  const res = await t.request({ method: 'GET', url: 'xero/contacts/', token: accountant });
  expect(res.statusCode, res.body).toBe(200);
  return waitRun(res.json().data.id);
}

async function createClient(
  first: string,
  last: string,
  extra: Record<string, string> = {},
): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: 'clients/',
    token: admin,
    payload: { first_name: first, last_name: last, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function createSupplier(name: string, extra: Record<string, string> = {}): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: 'suppliers/',
    token: admin,
    payload: { name, type: 'Hotel', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function patch(kind: 'clients' | 'suppliers', id: number, body: Record<string, string>) {
  const current = await t.request({ method: 'GET', url: `${kind}/${id}/`, token: admin });
  const res = await t.request({
    method: 'PATCH',
    url: `${kind}/${id}/`,
    token: admin,
    payload: { ...body, version: current.json().data.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function linkOf(kind: 'client' | 'supplier', id: number) {
  const rows = await db()
    .select()
    .from(xeroRecords)
    .where(and(eq(xeroRecords.tenant_id, tenant), eq(xeroRecords.kind, kind), eq(xeroRecords.record_id, id)));
  return rows[0] ?? null;
}

let anna: number;
let levin: number;
let hotel: number;

describe('the contacts sync (xero/contacts/)', () => {
  it('is refused to FO (403) and, before a connection, answers 400 saying to connect', async () => {
    const fo = await t.login('FO');
    expect((await t.request({ method: 'GET', url: 'xero/contacts/', token: fo })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: 'xero/invoices/', token: fo })).statusCode).toBe(403);
    const res = await t.request({ method: 'GET', url: 'xero/contacts/', token: accountant });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(NOT_CONNECTED_TO_START);
    expect((await t.request({ method: 'POST', url: 'xero/invoices/', token: accountant })).statusCode).toBe(
      400,
    );
  });

  it('creates a contact per client and supplier, says exactly "Xero sync success;" and keeps the ContactIDs', async () => {
    await connectXero(t, double, accountant);
    anna = await createClient('Anna', 'Karenina', {
      email: 'anna@example.com',
      phone: '+44 20 1111',
      address: '1 Nevsky Prospect',
      city: 'Saint Petersburg',
      country: 'Russia',
    });
    levin = await createClient('Konstantin', 'Levin', { email: 'levin@example.com' });
    hotel = await createSupplier('Grand Hotel Europe', { email: 'desk@grand.example', phone: '+7 812 000' });
    const run = await sync();
    expect(run).toMatchObject({
      status: 'done',
      message: XERO_SYNC_SUCCESS,
      created: 3,
      updated: 0,
      failed: 0,
    });
    expect(run.total).toBe(3);
    expect(run.done).toBe(3);
    expect(xeroContacts().size).toBe(3);
    const link = await linkOf('client', anna);
    const contact = xeroContacts().get(link!.xero_id!)!;
    expect(contact).toMatchObject({
      Name: 'Anna Karenina',
      ContactNumber: `CLIENT-${anna}`,
      EmailAddress: 'anna@example.com',
      Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '+44 20 1111' }],
      Addresses: [
        {
          AddressType: 'STREET',
          AddressLine1: '1 Nevsky Prospect',
          City: 'Saint Petersburg',
          Country: 'Russia',
        },
      ],
    });
    expect(xeroContacts().get((await linkOf('supplier', hotel))!.xero_id!)?.ContactNumber).toBe(
      `SUPPLIER-${hotel}`,
    );
  });

  it('a second sync creates nothing and sends nothing unchanged', async () => {
    const ids = [...xeroContacts().keys()].sort();
    const posts = double.state.calls.filter((c) => c.method === 'POST').length;
    const run = await sync();
    expect(run).toMatchObject({
      status: 'done',
      message: XERO_SYNC_SUCCESS,
      created: 0,
      updated: 0,
      total: 0,
    });
    expect([...xeroContacts().keys()].sort()).toEqual(ids);
    expect(double.state.calls.filter((c) => c.method === 'POST').length).toBe(posts);
  });

  it('an edit in this product goes to Xero as an update of the same ContactID', async () => {
    const before = (await linkOf('client', levin))!.xero_id!;
    await patch('clients', levin, { phone: '+7 495 123', city: 'Moscow' });
    const run = await sync();
    expect(run).toMatchObject({ status: 'done', message: XERO_SYNC_SUCCESS, created: 0, updated: 1 });
    expect(xeroContacts().size).toBe(3);
    expect((await linkOf('client', levin))!.xero_id).toBe(before);
    const contact = xeroContacts().get(before)!;
    expect(contact.Phones).toEqual([{ PhoneType: 'DEFAULT', PhoneNumber: '+7 495 123' }]);
    expect((contact.Addresses as Array<{ City: string }>)[0]!.City).toBe('Moscow');
  });

  it("an edit in Xero (email, phone, address) comes back into the client, in its history as the Xero sync's", async () => {
    const contactId = (await linkOf('client', anna))!.xero_id!;
    double.state.clock.offsetMs += 2000;
    editContactInXero(double.state, tenant, contactId, {
      EmailAddress: 'anna.k@example.com',
      Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '+44 20 2222' }],
      Addresses: [{ AddressType: 'STREET', AddressLine1: '5 Moika', City: 'Petrograd', Country: 'Russia' }],
    });
    const posts = double.state.calls.filter((c) => c.method === 'POST').length;
    const run = await sync();
    expect(run).toMatchObject({
      status: 'done',
      message: XERO_SYNC_SUCCESS,
      pulled: 1,
      created: 0,
      updated: 0,
    });
    const client = (await t.request({ method: 'GET', url: `clients/${anna}/`, token: admin })).json().data;
    expect(client).toMatchObject({
      email: 'anna.k@example.com',
      phone: '+44 20 2222',
      address: '5 Moika',
      city: 'Petrograd',
      country: 'Russia',
    });
    // Not sent back to Xero: Xero holds it already.
    expect(double.state.calls.filter((c) => c.method === 'POST').length).toBe(posts);
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=client&entity_id=${anna}`,
      token: admin,
    });
    const line = audit.json().data[0];
    expect(line.user).toBeNull();
    expect(line.changes.source).toEqual([null, 'Xero sync']);
    expect(line.changes.email).toEqual(['anna@example.com', 'anna.k@example.com']);
    // A later sync does not take the same change again.
    expect(await sync()).toMatchObject({ pulled: 0, updated: 0, message: XERO_SYNC_SUCCESS });
  });

  it('a refused contact (a supplier named like a client) is reported with its name and Xero words; the rest go', async () => {
    const twin = await createSupplier('Anna Karenina');
    const stiva = await createClient('Stepan', 'Oblonsky');
    const run = await sync();
    expect(run.status).toBe('done');
    expect(run).toMatchObject({ created: 1, failed: 1, done: 2, total: 2 });
    expect(run.message).not.toBe(XERO_SYNC_SUCCESS);
    expect(run.message).toContain('1 of 2 records');
    expect(run.errors).toEqual([
      { kind: 'supplier', record_id: twin, label: 'Anna Karenina', message: nameTaken('Anna Karenina') },
    ]);
    expect(await linkOf('supplier', twin)).toMatchObject({ status: 'failed', xero_id: null });
    expect((await linkOf('client', stiva))?.status).toBe('pushed');
    // Renamed, it goes on the next sync.
    await patch('suppliers', twin, { name: 'Anna Karenina Tours' });
    expect(await sync()).toMatchObject({ created: 1, failed: 0, message: XERO_SYNC_SUCCESS });
  });
  it('pushes in batches of 50 and reads the pull page by page', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 105; i++)
      ids.push(await createClient('Guest', `Number ${String(i).padStart(3, '0')}`));
    const posts = () => double.state.calls.filter((c) => c.method === 'POST').length;
    const before = posts();
    const run = await sync();
    expect(run).toMatchObject({
      status: 'done',
      message: XERO_SYNC_SUCCESS,
      created: 105,
      total: 105,
      done: 105,
    });
    expect(posts() - before).toBe(3);
    // All 105 changed in Xero after the last pull: the next pull reads two pages, the last one on the second.
    const last = (await linkOf('client', ids[104]!))!.xero_id!;
    double.state.clock.offsetMs += 2000;
    editContactInXero(double.state, tenant, last, { EmailAddress: 'guest104@example.com' });
    expect(await sync()).toMatchObject({ pulled: 1, created: 0, updated: 0, message: XERO_SYNC_SUCCESS });
    const client = (await t.request({ method: 'GET', url: `clients/${ids[104]}/`, token: admin })).json()
      .data;
    expect(client.email).toBe('guest104@example.com');
  });
  it('a create whose answer was lost is found by its ContactNumber on the next sync, not made twice', async () => {
    const dolly = await createClient('Dolly', 'Oblonskaya', { email: 'dolly@example.com' });
    const before = xeroContacts().size;
    const lookups = () =>
      double.state.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/Contacts')).length;
    // Xero stores the contact, then the answer never reaches us (the double answers 500 after storing)
    onContactsCall(double.state, (req) => {
      if (req.method !== 'POST') return;
      onContactsCall(double.state, null);
      throw new Error('the answer is lost on the way back');
    });
    const lost = await sync();
    expect(lost.status).toBe('failed');
    expect(xeroContacts().size).toBe(before + 1);
    expect((await linkOf('client', dolly))?.xero_id ?? null).toBeNull();

    const lookupsBefore = lookups();
    const run = await sync();
    expect(run).toMatchObject({ status: 'done', message: XERO_SYNC_SUCCESS, created: 0, updated: 1 });
    expect(xeroContacts().size).toBe(before + 1);
    const made = [...xeroContacts().values()].find((c) => c.ContactNumber === `CLIENT-${dolly}`);
    expect((await linkOf('client', dolly))?.xero_id).toBe(made?.ContactID);
    // the pull's page and the one look-up by ContactNumber
    expect(lookups() - lookupsBefore).toBe(2);
  });
});

describe('the run engine', () => {
  it('one active run at a time: the database refuses a second, another kind is a 409, the same kind answers it', async () => {
    const [queued] = await db().insert(xeroSyncRuns).values({ kind: 'contacts' }).returning();
    await expect(db().insert(xeroSyncRuns).values({ kind: 'invoices' })).rejects.toThrow();
    const busy = await t.request({ method: 'POST', url: 'xero/invoices/', token: accountant });
    expect(busy.statusCode).toBe(409);
    expect(busy.body).toContain('A contacts sync is under way');
    const same = await t.request({ method: 'GET', url: 'xero/contacts/', token: accountant });
    expect(same.json().data.id).toBe(queued!.id);
    const again = await t.request({ method: 'GET', url: 'xero/contacts/', token: admin });
    expect(again.json().data.id).toBe(queued!.id);
    expect((await waitRun(queued!.id)).message).toBe(XERO_SYNC_SUCCESS);
  });

  it('a run whose process died (lease run out) is taken up by the job and finished; a live lease is left alone', async () => {
    const [live] = await db()
      .insert(xeroSyncRuns)
      .values({
        kind: 'contacts',
        status: 'running',
        lease_owner: 'other-process',
        lease_until: new Date(Date.now() + 600_000),
        started_at: new Date(),
      })
      .returning();
    expect(await t.app.jobs.runNow('xero-sync')).toBe('ran');
    await t.app.background.idle();
    const still = await db().select().from(xeroSyncRuns).where(eq(xeroSyncRuns.id, live!.id));
    expect(still[0]).toMatchObject({ status: 'running', lease_owner: 'other-process' });
    // The other process dies: its lease runs out.
    await db()
      .update(xeroSyncRuns)
      .set({ lease_until: new Date(Date.now() - 1000), done: 7 })
      .where(eq(xeroSyncRuns.id, live!.id));
    expect(await t.app.jobs.runNow('xero-sync')).toBe('ran');
    const run = await waitRun(live!.id);
    expect(run).toMatchObject({ status: 'done', message: XERO_SYNC_SUCCESS, done: 0 });
    const row = (await db().select().from(xeroSyncRuns).where(eq(xeroSyncRuns.id, live!.id)))[0]!;
    expect(row.lease_owner).toBeNull();
  });

  it("waits out a 429's Retry-After during a sync and finishes", async () => {
    await patch('clients', levin, { city: 'Kazan' });
    double.state.faults.rateLimitNext = 1;
    double.state.faults.retryAfterSeconds = 1;
    const limited = double.state.calls.filter((c) => c.status === 429).length;
    const run = await sync();
    expect(run).toMatchObject({ status: 'done', message: XERO_SYNC_SUCCESS, updated: 1 });
    expect(double.state.calls.filter((c) => c.status === 429).length).toBe(limited + 1);
  });

  it('finishes when the access token expires after the first call of the sync', async () => {
    await patch('clients', levin, { city: 'Yasnaya Polyana' });
    // Pulled changes first (one page), then the push: the token expires between them.
    double.state.clock.offsetMs += 1000;
    const contactId = [...xeroContacts().values()].find((c) => c.Name === 'Grand Hotel Europe')!.ContactID;
    editContactInXero(double.state, tenant, contactId, { EmailAddress: 'front@grand.example' });
    const usedRefreshes = () =>
      [...double.state.refreshTokens.values()].filter((r) => r.usedAt !== null).length;
    const refreshed = usedRefreshes();
    onContactsCall(double.state, (_req, n) => {
      if (n === 1) double.state.clock.offsetMs += 31 * 60_000;
    });
    try {
      const run = await sync();
      expect(run).toMatchObject({ status: 'done', message: XERO_SYNC_SUCCESS, pulled: 1, updated: 1 });
    } finally {
      onContactsCall(double.state, null);
    }
    // The expired token was refused once and refreshed (rotating the refresh token) mid-sync.
    expect(usedRefreshes()).toBe(refreshed + 1);
  });

  it('a run that cannot go on ends failed, saying why (the grant revoked in Xero); starting answers 400', async () => {
    await db().execute(sql`update xero_connections set revoked_at = now()`);
    try {
      const res = await t.request({ method: 'GET', url: 'xero/contacts/', token: accountant });
      expect(res.statusCode).toBe(400);
      // A run queued before the revocation is taken up and fails with the reason.
      const [queued] = await db().insert(xeroSyncRuns).values({ kind: 'contacts' }).returning();
      expect(await t.app.jobs.runNow('xero-sync')).toBe('ran');
      const run = await waitRun(queued!.id);
      expect(run.status).toBe('failed');
      expect(run.message).toMatch(/connect/i);
    } finally {
      await db().execute(sql`update xero_connections set revoked_at = null`);
    }
  });
});

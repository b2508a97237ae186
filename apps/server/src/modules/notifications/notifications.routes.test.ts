import { type Notification, ROLES, type Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { notify } from './notifications.service.ts';

let t: TestContext;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, number>;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ROLES) {
    tokens[role] = await issueToken(t.database.db, ROLE_EMAILS[role]);
    ids[role] = (await t.request({ method: 'GET', url: 'users/me/', token: tokens[role] })).json().data.id;
  }
  // Oldest first: FO gets five, BO two, with distinct titles to tell them apart.
  for (let i = 1; i <= 5; i++) {
    await notify(t.database.db, [ids.FO, ...(i <= 2 ? [ids.BO] : [])], {
      type: 'NewRequest',
      title: `Request ${i}`,
      data: { request_id: i },
    });
  }
});
afterAll(() => t.close());

const list = (role: Role, query = '') =>
  t.request({ method: 'GET', url: `notifications/${query}`, token: tokens[role] });
const titles = (rows: Notification[]) => rows.map((n) => n.title);
const counter = async (role: Role) =>
  (await t.request({ method: 'GET', url: 'users/me/', token: tokens[role] })).json().data.notify_counter;
const markRead = (role: Role, id: number) =>
  t.request({ method: 'POST', url: `notifications/${id}/read/`, token: tokens[role] });

describe('GET /notifications/', () => {
  it("lists the caller's own notifications, newest first, with the unread count in the meta", async () => {
    const res = await list('FO');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body.data)).toEqual(['Request 5', 'Request 4', 'Request 3', 'Request 2', 'Request 1']);
    expect(body.meta).toEqual({ total: 5, limit: 20, offset: 0, unread: 5 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      type: 'NewRequest',
      title: 'Request 5',
      data: { request_id: 5 },
      read: false,
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(titles((await list('BO')).json().data)).toEqual(['Request 2', 'Request 1']);
    expect((await list('Accountant')).json()).toEqual({
      data: [],
      meta: { total: 0, limit: 20, offset: 0, unread: 0 },
    });
  });

  it('pages with limit and offset', async () => {
    const body = (await list('FO', '?limit=2&offset=2')).json();
    expect(titles(body.data)).toEqual(['Request 3', 'Request 2']);
    expect(body.meta).toEqual({ total: 5, limit: 2, offset: 2, unread: 5 });
  });

  it('is open to every role and closed to nobody signed in', async () => {
    for (const role of ROLES) expect((await list(role)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: 'notifications/' })).statusCode).toBe(401);
  });

  it('refuses a bad filter or page with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?unread=maybe', 'unread'],
      ['?limit=0', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const res = await list('FO', query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });
});

describe('reading notifications', () => {
  it('marks one read and answers the unread count, which users/me reports too', async () => {
    expect(await counter('FO')).toBe(5);
    const newest = (await list('FO')).json().data[0] as Notification;
    const res = await markRead('FO', newest.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { notify_counter: 4 } });
    expect(await counter('FO')).toBe(4);

    const after = (await list('FO')).json();
    expect(after.meta.unread).toBe(4);
    expect(after.data[0]).toMatchObject({ id: newest.id, read: true, read_at: expect.any(String) });

    // Again: nothing changes, not even the time it was read.
    const again = await markRead('FO', newest.id);
    expect(again.json()).toEqual({ data: { notify_counter: 4 } });
    expect((await list('FO')).json().data[0].read_at).toBe(after.data[0].read_at);
  });

  it('filters unread (or read) ones', async () => {
    const unread = (await list('FO', '?unread=true')).json();
    expect(titles(unread.data)).toEqual(['Request 4', 'Request 3', 'Request 2', 'Request 1']);
    expect(unread.meta).toMatchObject({ total: 4, unread: 4 });
    const read = (await list('FO', '?unread=false')).json();
    expect(titles(read.data)).toEqual(['Request 5']);
    expect(read.meta).toMatchObject({ total: 1, unread: 4 });
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const bos = (await list('BO')).json().data as Notification[];
    for (const role of ['FO', 'Admin'] as const) {
      const res = await markRead(role, bos[0]!.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { detail: 'Notification not found.' } });
    }
    expect((await list('BO')).json().meta.unread).toBe(2);
    expect((await markRead('FO', 2_000_000_000)).statusCode).toBe(404);
    expect((await markRead('FO', 0)).statusCode).toBe(400);
  });

  it("marks all of the caller's read, and nobody else's", async () => {
    const res = await t.request({ method: 'POST', url: 'notifications/read-all/', token: tokens.FO });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { notify_counter: 0 } });
    expect(await counter('FO')).toBe(0);
    expect((await list('FO', '?unread=true')).json()).toMatchObject({
      data: [],
      meta: { total: 0, unread: 0 },
    });
    expect(await counter('BO')).toBe(2);
    // Nothing left: still fine.
    const again = await t.request({ method: 'POST', url: 'notifications/read-all/', token: tokens.FO });
    expect(again.json()).toEqual({ data: { notify_counter: 0 } });
  });

  it('stores a duplicate addressee once and cuts a long title to the column', async () => {
    await notify(t.database.db, [ids.Accountant, ids.Accountant], {
      type: 'NewEmail',
      title: 'x'.repeat(400),
      data: {},
    });
    const body = (await list('Accountant')).json();
    expect(body.meta).toMatchObject({ total: 1, unread: 1 });
    expect(body.data[0].title).toHaveLength(300);
  });
});

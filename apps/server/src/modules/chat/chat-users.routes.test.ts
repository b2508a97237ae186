import type { ChatUserItem } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { users } from '../users/users.table.ts';

let t: TestContext;
let fo: string;

beforeAll(async () => {
  t = await createTestContext();
  fo = await issueToken(t.database.db, ROLE_EMAILS.FO);
  // A colleague who has left, and one without an office.
  await t.database.db.insert(users).values([
    { name: 'Len Left', email: 'left@example.com', password_hash: 'x', role: 'FO', is_active: false },
    { name: 'Nora Nooffice', email: 'nora@example.com', password_hash: 'x', role: 'BO' },
  ]);
});
afterAll(() => t.close());

async function picker(query: string, token = fo) {
  const res = await t.request({ method: 'GET', url: `chat/users/?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ChatUserItem[]; meta: { total: number; limit: number; offset: number } };
}
const names = (body: { data: ChatUserItem[] }) => body.data.map((u) => u.named);

describe('GET chat/users/', () => {
  it('lists active staff of every role by name, the Accountant and Admin included', async () => {
    const body = await picker('limit=20&list=true');
    expect(names(body)).toEqual([
      'Alice Admin',
      'Arthur Accountant',
      'Boris Back',
      'Fiona Front',
      'Nora Nooffice',
    ]);
    expect(body.meta).toEqual({ total: 5, limit: 20, offset: 0, total_estimated: false });
    expect(body.data.find((u) => u.named === 'Arthur Accountant')).toEqual({
      id: expect.any(Number),
      named: 'Arthur Accountant',
      name: 'Arthur Accountant',
      role: 'Accountant',
      office: { id: expect.any(Number), title: 'London', ccy: 'GBP' },
      office_title: 'London',
      extra: 'Accountant · London',
    });
    expect(body.data[0]).toMatchObject({ named: 'Alice Admin', role: 'Admin', extra: 'Admin · London' });
    expect(body.data.find((u) => u.named === 'Fiona Front')).toMatchObject({
      role: 'FO',
      office: expect.objectContaining({ title: 'Dubai' }),
      office_title: 'Dubai',
      extra: 'Frontend · Dubai',
    });
    expect(body.data.find((u) => u.named === 'Nora Nooffice')).toMatchObject({
      role: 'BO',
      office: null,
      office_title: null,
      extra: 'Backend',
    });
  });

  it('leaves out deactivated users, even when searched for or preloaded', async () => {
    expect(names(await picker('search=len'))).toEqual([]);
    const [left] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.is_active, false));
    expect(names(await picker(`search=${left!.id}&item=true`))).toEqual([]);
  });

  it('searches name, email and id', async () => {
    expect(names(await picker('search=ART'))).toEqual(['Arthur Accountant']);
    expect(names(await picker('search=bo%40example'))).toEqual(['Boris Back']);
    const { data } = await picker('search=fiona');
    expect(names(await picker(`search=${data[0]!.id}`))).toEqual(['Fiona Front']);
  });

  it('excludes the ids given, comma-separated or repeated (params and chosen items)', async () => {
    const all = (await picker('')).data;
    const id = (name: string) => all.find((u) => u.named === name)!.id;
    const body = await picker(
      `exclude=${id('Alice Admin')},${id('Boris Back')}&exclude=${id('Fiona Front')}`,
    );
    expect(names(body)).toEqual(['Arthur Accountant', 'Nora Nooffice']);
    expect(body.meta.total).toBe(2);
  });

  it('pages with limit and offset, the total over every page', async () => {
    const first = await picker('limit=2&offset=0');
    const second = await picker('limit=2&offset=2');
    const third = await picker('limit=2&offset=4');
    expect(names(first)).toEqual(['Alice Admin', 'Arthur Accountant']);
    expect(names(second)).toEqual(['Boris Back', 'Fiona Front']);
    expect(names(third)).toEqual(['Nora Nooffice']);
    expect([first, second, third].map((b) => b.meta.total)).toEqual([5, 5, 5]);
  });

  it('preloads the current value by id with item=true, whatever the exclusions', async () => {
    const all = (await picker('')).data;
    const boris = all.find((u) => u.named === 'Boris Back')!;
    expect(names(await picker(`search=${boris.id}&item=true`))).toEqual(['Boris Back']);
    // no exact match: the ordinary search
    expect(names(await picker('search=bor&item=true'))).toEqual(['Boris Back']);
  });

  it('takes the manager picker’s parameters the web sends and answers every role', async () => {
    expect(names(await picker('limit=20&list=true&with_admins=true&search=alice'))).toEqual(['Alice Admin']);
    for (const role of ['Admin', 'Accountant', 'BO'] as const) {
      const token = await issueToken(t.database.db, ROLE_EMAILS[role]);
      expect((await picker('search=fiona', token)).data).toHaveLength(1);
    }
    const anonymous = await t.request({ method: 'GET', url: 'chat/users/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad limit or exclude', async () => {
    for (const query of ['limit=0', 'limit=x', 'exclude=a', 'offset=-1']) {
      const res = await t.request({ method: 'GET', url: `chat/users/?${query}`, token: fo });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

import {
  CHAT_MEMBERS_MAX,
  CHAT_MESSAGE_MAX,
  type ChatChannel,
  type ChatMessage,
  type Role,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  attachBus,
  createLocalBus,
  isServerMessage,
  type RealtimeEvent,
} from '../../platform/realtime/event-bus.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
const token = {} as Record<Role, string>;
const id = {} as Record<Role, number>;
/** Everything published on the realtime bus since the last `beforeEach`. */
let events: RealtimeEvent[] = [];

/** Publishing waits for the commit (or, outside a transaction, the next turn): let it run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  t = await createTestContext();
  // The app's own bus stays as it is; its database now publishes on this one, which records.
  const bus = createLocalBus();
  // What sockets would hear: the servers' own messages (the member cache's) are never sent to one.
  bus.subscribe((e) => {
    if (!isServerMessage(e.message.type)) events.push(e);
  });
  attachBus(t.database.db, bus);
  const roles: Role[] = ['Admin', 'Accountant', 'FO', 'BO'];
  for (const role of roles) token[role] = await issueToken(t.database.db, ROLE_EMAILS[role]);
  const rows = await queryRows<{ id: number; email: string }>(
    t.database.db,
    sql`select id, email from users`,
  );
  for (const role of roles) id[role] = rows.find((r) => r.email === ROLE_EMAILS[role])!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await settle();
  events = [];
});

const as = (role: Role) => ({
  get: (url: string) => t.request({ method: 'GET', url, token: token[role] }),
  post: (url: string, payload?: object) =>
    t.request({ method: 'POST', url, token: token[role], ...(payload !== undefined && { payload }) }),
  patch: (url: string, payload: object) => t.request({ method: 'PATCH', url, token: token[role], payload }),
  delete: (url: string) => t.request({ method: 'DELETE', url, token: token[role] }),
});

async function group(owner: Role, members: Role[], title = 'Team'): Promise<ChatChannel> {
  const res = await as(owner).post('chat/channels/', { title, users: members.map((r) => id[r]) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function send(role: Role, channelId: number, body: string): Promise<ChatMessage> {
  const res = await as(role).post(`chat/channels/${channelId}/messages/`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function messageCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from chat_messages`,
  );
  return row!.n;
}

describe('channels', () => {
  it('creates a group of the creator and the named users, titled', async () => {
    const res = await as('FO').post('chat/channels/', { title: 'Paris trip', users: [id.BO, id.Accountant] });
    expect(res.statusCode).toBe(201);
    const channel: ChatChannel = res.json().data;
    expect(channel).toMatchObject({
      kind: 'group',
      title: 'Paris trip',
      created_by: id.FO,
      last_message: null,
      last_read_message_id: null,
      unread_count: 0,
    });
    expect(channel.users.map((u) => u.name)).toEqual(['Arthur Accountant', 'Boris Back', 'Fiona Front']);
    expect(channel.users[0]).toEqual({ id: id.Accountant, name: 'Arthur Accountant', avatar: null });
  });

  it('refuses a group without a title, unknown or inactive users, and an empty or oversized list', async () => {
    const noTitle = await as('FO').post('chat/channels/', { users: [id.BO] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toMatchObject({ title: ['Required field'] });

    await t.database.db.execute(
      sql`insert into users (name, email, password_hash, role, is_active) values ('Gone', 'gone-chat@example.com', 'x', 'FO', false)`,
    );
    const [gone] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'gone-chat@example.com'`,
    );
    const inactive = await as('FO').post('chat/channels/', { title: 'X', users: [id.BO, gone!.id, 999999] });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors).toMatchObject({ users: [`No active user with id ${gone!.id}, 999999`] });

    const empty = await as('FO').post('chat/channels/', { title: 'X', users: [] });
    expect(empty.json().errors).toMatchObject({ users: ['Choose at least one member'] });
    const many = Array.from({ length: CHAT_MEMBERS_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await as('FO').post('chat/channels/', { title: 'X', users: many });
    expect(tooMany.json().errors).toMatchObject({
      users: [`A channel holds at most ${CHAT_MEMBERS_MAX} members`],
    });
    const twice = await as('FO').post('chat/channels/', { title: 'X', users: [id.BO, id.BO] });
    expect(twice.json().errors).toMatchObject({ users: ['Should be unique'] });
  });

  it('keeps one direct channel per pair: the second create answers the first (200), titled by the other member', async () => {
    const first = await as('Admin').post('chat/channels/', { kind: 'direct', users: [id.Accountant] });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      kind: 'direct',
      title: 'Arthur Accountant',
      created_by: id.Admin,
    });

    const again = await as('Accountant').post('chat/channels/', {
      kind: 'direct',
      users: [id.Admin, id.Accountant],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: first.json().data.id, title: 'Alice Admin' });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_channels where kind = 'direct' and direct_key = ${`${Math.min(id.Admin, id.Accountant)}:${Math.max(id.Admin, id.Accountant)}`}`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses a direct channel with oneself only or with more than one other user', async () => {
    const self = await as('FO').post('chat/channels/', { kind: 'direct', users: [id.FO] });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toMatchObject({
      users: ['A direct channel is between you and one other user'],
    });
    const three = await as('FO').post('chat/channels/', { kind: 'direct', users: [id.BO, id.Admin] });
    expect(three.json().errors).toMatchObject({
      users: ['A direct channel is between you and one other user'],
    });
  });

  it('lists only the caller’s channels, busiest first, with members, the last message and unread counts', async () => {
    const quiet = await group('BO', ['Admin'], 'Quiet corner');
    const older = await group('BO', ['FO'], 'Older talk');
    const newer = await group('BO', ['FO', 'Admin'], 'Newer talk');
    await send('FO', older.id, 'first');
    await send('Admin', newer.id, 'hello');
    await send('FO', newer.id, 'hi there');
    const last = await send('Admin', newer.id, 'how are you?');

    const res = await as('BO').get('chat/channels/?limit=500');
    expect(res.statusCode).toBe(200);
    const list: ChatChannel[] = res.json().data;
    const mine = list.filter((c) => [quiet.id, older.id, newer.id].includes(c.id));
    // activity first; a channel without messages after every channel with one
    expect(mine.map((c) => c.title)).toEqual(['Newer talk', 'Older talk', 'Quiet corner']);
    expect(list.findIndex((c) => c.id === quiet.id)).toBeGreaterThan(
      list.findIndex((c) => c.id === older.id),
    );
    const top = mine[0]!;
    expect(top.last_message).toMatchObject({ id: last.id, body: 'how are you?', author: { id: id.Admin } });
    expect(top.unread_count).toBe(3);
    expect(top.users.map((u) => u.id).sort()).toEqual([id.Admin, id.FO, id.BO].sort());
    expect(mine[1]!.unread_count).toBe(1);
    expect(res.json().meta).toMatchObject({ limit: 500, offset: 0, total: list.length });

    // the Accountant is in none of these
    const theirs: ChatChannel[] = (await as('Accountant').get('chat/channels/?limit=500')).json().data;
    expect(theirs.map((c) => c.id)).not.toContain(newer.id);
    expect(theirs.every((c) => c.users.some((u) => u.id === id.Accountant))).toBe(true);

    // FO wrote in both: their own messages are never unread
    const fo: ChatChannel[] = (await as('FO').get('chat/channels/?limit=500')).json().data;
    expect(fo.find((c) => c.id === older.id)!.unread_count).toBe(0);
    expect(fo.find((c) => c.id === newer.id)!.unread_count).toBe(1);
  });

  it('searches by a group’s title or a member’s name, and pages', async () => {
    await group('Accountant', ['Admin'], 'Quarter close');
    const byTitle = (await as('Accountant').get('chat/channels/?search=quarter')).json();
    expect(byTitle.data.map((c: ChatChannel) => c.title)).toEqual(['Quarter close']);
    expect(byTitle.meta.total).toBe(1);
    const byName = (await as('Accountant').get('chat/channels/?search=alice&limit=500')).json()
      .data as ChatChannel[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((c) => c.users.some((u) => u.name === 'Alice Admin'))).toBe(true);
    const page = (await as('Accountant').get('chat/channels/?limit=1&offset=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ limit: 1, offset: 1 });
    expect(page.meta.total).toBeGreaterThan(1);
  });

  it('answers one channel to a member, 403 to anyone else and 404 when there is none', async () => {
    const channel = await group('FO', ['BO']);
    const res = await as('BO').get(`chat/channels/${channel.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: channel.id, title: 'Team', unread_count: 0 });
    const outsider = await as('Accountant').get(`chat/channels/${channel.id}/`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().errors.detail).toBe('You are not a member of this chat channel.');
    expect((await as('FO').get('chat/channels/2000000/')).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('sends to every member over the socket, the author’s other tabs included', async () => {
    const channel = await group('FO', ['BO', 'Admin']);
    const before = (await as('FO').get(`chat/channels/${channel.id}/`)).json().data as ChatChannel;
    const message = await send('FO', channel.id, '  Line one\nline two  ');
    expect(message).toMatchObject({
      chat_channel_id: channel.id,
      author: { id: id.FO, name: 'Fiona Front' },
      body: 'Line one\nline two',
      edited_at: null,
      deleted: false,
    });
    await settle();
    expect(events).toEqual([
      {
        users: expect.arrayContaining([id.FO, id.BO, id.Admin]),
        message: { type: 'chat.message', data: message },
      },
    ]);
    expect(events[0]!.users).toHaveLength(3);
    // the author has read what they wrote
    const after = (await as('FO').get(`chat/channels/${channel.id}/`)).json().data as ChatChannel;
    expect(before.last_read_message_id).toBeNull();
    expect(after).toMatchObject({ last_read_message_id: message.id, unread_count: 0 });
    expect(after.last_message).toEqual(message);
  });

  it('refuses a message to a channel the sender is not in: 403, nothing stored, nothing sent to anyone', async () => {
    const channel = await group('FO', ['BO']);
    const count = await messageCount();
    const res = await as('Accountant').post(`chat/channels/${channel.id}/messages/`, { body: 'let me in' });
    expect(res.statusCode).toBe(403);
    expect(await messageCount()).toBe(count);
    await settle();
    expect(events).toEqual([]);
    const missing = await as('Accountant').post('chat/channels/2000000/messages/', { body: 'anyone?' });
    expect(missing.statusCode).toBe(404);
  });

  it('bounds a message: empty is refused, 4000 characters pass, 4001 do not', async () => {
    const channel = await group('FO', ['BO']);
    const empty = await as('FO').post(`chat/channels/${channel.id}/messages/`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ body: ['Required field'] });
    const long = await as('FO').post(`chat/channels/${channel.id}/messages/`, {
      body: 'x'.repeat(CHAT_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({ body: [`Maximum ${CHAT_MESSAGE_MAX} characters`] });
    const extra = await as('FO').post(`chat/channels/${channel.id}/messages/`, { body: 'hi', pinned: true });
    expect(extra.statusCode).toBe(400);
    await send('FO', channel.id, 'x'.repeat(CHAT_MESSAGE_MAX));
  });

  it('pages history newest first, and up through older messages with `before`', async () => {
    const channel = await group('BO', ['FO']);
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 35; i++) sent.push(await send(i % 2 ? 'BO' : 'FO', channel.id, `message ${i}`));

    const first = (await as('FO').get(`chat/channels/${channel.id}/messages/`)).json();
    expect(first.data).toHaveLength(30);
    expect(first.data[0].body).toBe('message 35');
    expect(first.data[29].body).toBe('message 6');
    expect(first.meta).toEqual({ limit: 30, has_more: true });

    const older = (
      await as('FO').get(`chat/channels/${channel.id}/messages/?before=${first.data[29].id}`)
    ).json();
    expect(older.data.map((m: ChatMessage) => m.body)).toEqual([
      'message 5',
      'message 4',
      'message 3',
      'message 2',
      'message 1',
    ]);
    expect(older.meta.has_more).toBe(false);

    const small = (
      await as('FO').get(`chat/channels/${channel.id}/messages/?limit=5&before=${sent[5]!.id}`)
    ).json();
    expect(small.data.map((m: ChatMessage) => m.body)).toEqual(older.data.map((m: ChatMessage) => m.body));
    expect(small.meta).toEqual({ limit: 5, has_more: false });

    expect((await as('FO').get(`chat/channels/${channel.id}/messages/?limit=101`)).statusCode).toBe(400);
    expect((await as('Admin').get(`chat/channels/${channel.id}/messages/`)).statusCode).toBe(403);
    expect((await as('Admin').get('chat/channels/2000000/messages/')).statusCode).toBe(404);
  });

  it('says in the OpenAPI description why the history answers a cursor, not a total', async () => {
    const doc = (await t.request({ method: 'GET', url: 'openapi.json' })).json();
    const op = doc.paths['/api/v1/chat/channels/{id}/messages/'].get;
    expect(op.description).toMatch(/`before`/);
    expect(op.description).toMatch(/\{limit, has_more\}/);
  });

  it('answers one message at chat/channels/messages/{id}/ (not the channel route), to members only', async () => {
    const channel = await group('FO', ['BO']);
    const message = await send('BO', channel.id, 'find me');
    const res = await as('FO').get(`chat/channels/messages/${message.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(message);
    expect((await as('Accountant').get(`chat/channels/messages/${message.id}/`)).statusCode).toBe(403);
    expect((await as('FO').get('chat/channels/messages/2000000/')).statusCode).toBe(404);
    // a literal 'messages' never reaches the channel route as an id
    expect((await as('FO').get('chat/channels/messages/')).statusCode).toBe(400);
  });

  it('lets only the author edit, and tells every member', async () => {
    const channel = await group('FO', ['BO']);
    const message = await send('FO', channel.id, 'See you at 10');
    await settle();
    events = [];

    const other = await as('BO').patch(`chat/channels/messages/${message.id}/`, {
      ...message,
      body: 'hijacked',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors.detail).toBe('Only the author of a message may edit or delete it.');
    const outsider = await as('Admin').patch(`chat/channels/messages/${message.id}/`, { body: 'x' });
    expect(outsider.statusCode).toBe(403);
    await settle();
    expect(events).toEqual([]);

    // spec 7 sends the whole message object, its id included
    const res = await as('FO').patch(`chat/channels/messages/${message.id}/`, {
      ...message,
      body: 'See you at 11',
    });
    expect(res.statusCode).toBe(200);
    const edited: ChatMessage = res.json().data;
    expect(edited).toMatchObject({ id: message.id, body: 'See you at 11', deleted: false });
    expect(edited.edited_at).not.toBeNull();
    await settle();
    expect(events).toEqual([
      { users: expect.arrayContaining([id.FO, id.BO]), message: { type: 'chat.message', data: edited } },
    ]);
    expect((await as('BO').get(`chat/channels/messages/${message.id}/`)).json().data.body).toBe(
      'See you at 11',
    );

    const mismatch = await as('FO').patch(`chat/channels/messages/${message.id}/`, {
      id: message.id + 1,
      body: 'x',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toMatchObject({ id: ['The id in the body does not match the message'] });
    const tooLong = await as('FO').patch(`chat/channels/messages/${message.id}/`, { body: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect((await as('FO').patch('chat/channels/messages/2000000/', { body: 'x' })).statusCode).toBe(404);
  });

  it('lets only the author delete: the body is emptied, the place kept, every member told', async () => {
    const channel = await group('FO', ['BO']);
    const message = await send('FO', channel.id, 'oops, wrong chat');
    await settle();
    events = [];

    expect((await as('BO').delete(`chat/channels/messages/${message.id}/`)).statusCode).toBe(403);
    expect((await as('Accountant').delete(`chat/channels/messages/${message.id}/`)).statusCode).toBe(403);
    await settle();
    expect(events).toEqual([]);

    const res = await as('FO').delete(`chat/channels/messages/${message.id}/`);
    expect(res.statusCode).toBe(204);
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toEqual({
      type: 'chat.message',
      data: { ...message, body: '', deleted: true },
    });
    const history = (await as('BO').get(`chat/channels/${channel.id}/messages/`)).json().data;
    expect(history).toEqual([{ ...message, body: '', deleted: true }]);
    const [row] = await queryRows<{ body: string }>(
      t.database.db,
      sql`select body from chat_messages where id = ${message.id}`,
    );
    expect(row!.body).toBe('');

    // again: nothing changes and nothing is sent; a deleted message takes no edit
    events = [];
    expect((await as('FO').delete(`chat/channels/messages/${message.id}/`)).statusCode).toBe(204);
    const edit = await as('FO').patch(`chat/channels/messages/${message.id}/`, { body: 'back' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.detail).toEqual(['A deleted message cannot be edited.']);
    await settle();
    expect(events).toEqual([]);
    expect((await as('FO').delete('chat/channels/messages/2000000/')).statusCode).toBe(404);
  });
});

describe('read markers', () => {
  it('moves the caller’s marker forward only, answers the unread count and tells the members', async () => {
    const channel = await group('BO', ['FO', 'Admin']);
    const m1 = await send('BO', channel.id, 'one');
    const m2 = await send('Admin', channel.id, 'two');
    const m3 = await send('BO', channel.id, 'three');
    await settle();
    events = [];

    // the message object as spec 7 sends it; only its id counts
    const res = await as('FO').post(`chat/channels/messages/${m2.id}/read/`, m2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      chat_channel_id: channel.id,
      user_id: id.FO,
      last_read_message_id: m2.id,
      unread_count: 1,
    });
    await settle();
    expect(events).toEqual([
      {
        users: expect.arrayContaining([id.BO, id.FO, id.Admin]),
        message: {
          type: 'chat.read',
          data: { chat_channel_id: channel.id, user_id: id.FO, message_id: m2.id },
        },
      },
    ]);

    // an older message does not move it back, and nothing is sent
    events = [];
    const back = await as('FO').post(`chat/channels/messages/${m1.id}/read/`, { id: m1.id });
    expect(back.json().data).toMatchObject({ last_read_message_id: m2.id, unread_count: 1 });
    await settle();
    expect(events).toEqual([]);

    const noBody = await as('FO').post(`chat/channels/messages/${m3.id}/read/`);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().data).toMatchObject({ last_read_message_id: m3.id, unread_count: 0 });
    const fo = (await as('FO').get(`chat/channels/${channel.id}/`)).json().data as ChatChannel;
    expect(fo).toMatchObject({ last_read_message_id: m3.id, unread_count: 0 });

    await settle();
    events = [];
    expect((await as('Accountant').post(`chat/channels/messages/${m3.id}/read/`, m3)).statusCode).toBe(403);
    await settle();
    expect(events).toEqual([]);
    expect((await as('FO').post('chat/channels/messages/2000000/read/', {})).statusCode).toBe(404);
  });

  it('does not count deleted messages as unread', async () => {
    const channel = await group('BO', ['FO']);
    await send('BO', channel.id, 'keep');
    const gone = await send('BO', channel.id, 'remove me');
    await as('BO').delete(`chat/channels/messages/${gone.id}/`);
    expect((await as('FO').get(`chat/channels/${channel.id}/`)).json().data.unread_count).toBe(1);
  });
});

describe('members', () => {
  it('lets any member add someone to a group, who then sees it with its history and nothing unread', async () => {
    const channel = await group('FO', ['BO']);
    await send('FO', channel.id, 'before Arthur joined');
    const last = await send('BO', channel.id, 'welcome soon');

    const res = await as('BO').post(`chat/channels/${channel.id}/users/`, { user: id.Accountant });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.map((u: { id: number }) => u.id)).toContain(id.Accountant);

    const theirs = (await as('Accountant').get('chat/channels/?limit=500')).json().data as ChatChannel[];
    expect(theirs.find((c) => c.id === channel.id)).toMatchObject({
      last_read_message_id: last.id,
      unread_count: 0,
    });
    const history = (await as('Accountant').get(`chat/channels/${channel.id}/messages/`)).json().data;
    expect(history).toHaveLength(2);

    // adding a member again changes nothing
    const again = await as('FO').post(`chat/channels/${channel.id}/users/`, { user: id.Accountant });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.users).toHaveLength(3);
  });

  it('refuses adding by a non-member, to a direct channel, an inactive or unknown user, or past the limit', async () => {
    const channel = await group('FO', ['BO']);
    const outsider = await as('Admin').post(`chat/channels/${channel.id}/users/`, { user: id.Admin });
    expect(outsider.statusCode).toBe(403);

    const direct = (await as('FO').post('chat/channels/', { kind: 'direct', users: [id.Admin] })).json().data;
    const toDirect = await as('FO').post(`chat/channels/${direct.id}/users/`, { user: id.BO });
    expect(toDirect.statusCode).toBe(400);
    expect(toDirect.json().errors.detail[0]).toMatch(/^A direct channel always has its two members/);

    const unknown = await as('FO').post(`chat/channels/${channel.id}/users/`, { user: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ user: ['No active user with id 999999'] });
    expect((await as('FO').post(`chat/channels/${channel.id}/users/`, {})).statusCode).toBe(400);
    expect((await as('FO').post('chat/channels/2000000/users/', { user: id.BO })).statusCode).toBe(404);

    await t.database.db.execute(sql`
      insert into users (name, email, password_hash, role)
      select 'Crowd ' || n, 'crowd' || n || '@example.com', 'x', 'BO' from generate_series(1, ${CHAT_MEMBERS_MAX}) n`);
    const crowd = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where email like 'crowd%' order by id`,
    );
    const full = await as('FO').post('chat/channels/', {
      title: 'Everyone',
      users: crowd.slice(0, CHAT_MEMBERS_MAX - 1).map((u) => u.id),
    });
    expect(full.statusCode).toBe(201);
    expect(full.json().data.users).toHaveLength(CHAT_MEMBERS_MAX);
    const over = await as('FO').post(`chat/channels/${full.json().data.id}/users/`, {
      user: crowd.at(-1)!.id,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toMatchObject({
      user: [`A channel holds at most ${CHAT_MEMBERS_MAX} members`],
    });
  });

  it('lets a member leave, the creator or an Admin remove others, and no one else', async () => {
    const channel = await group('FO', ['BO', 'Accountant', 'Admin']);
    const url = (who: Role) => `chat/channels/${channel.id}/users/${id[who]}/`;

    const byMember = await as('BO').delete(url('Accountant'));
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors.detail).toMatch(/creator or an Admin/);

    expect((await as('FO').delete(url('Accountant'))).statusCode).toBe(204);
    expect((await as('Accountant').get(`chat/channels/${channel.id}/`)).statusCode).toBe(403);
    const list = (await as('Accountant').get('chat/channels/?limit=500')).json().data as ChatChannel[];
    expect(list.map((c) => c.id)).not.toContain(channel.id);

    expect((await as('Admin').delete(url('BO'))).statusCode).toBe(204);
    // not a member any more
    expect((await as('Admin').delete(url('BO'))).statusCode).toBe(404);
    // leaving
    expect((await as('Admin').delete(url('Admin'))).statusCode).toBe(204);
    expect(
      (await as('Admin').post(`chat/channels/${channel.id}/messages/`, { body: 'still here?' })).statusCode,
    ).toBe(403);
    const remaining = (await as('FO').get(`chat/channels/${channel.id}/`)).json().data as ChatChannel;
    expect(remaining.users.map((u) => u.id)).toEqual([id.FO]);

    // an outsider removes nobody
    expect((await as('BO').delete(url('FO'))).statusCode).toBe(403);
    expect((await as('FO').delete(`chat/channels/2000000/users/${id.FO}/`)).statusCode).toBe(404);
  });

  it('refuses removing anyone from a direct channel, even oneself', async () => {
    const direct = (await as('BO').post('chat/channels/', { kind: 'direct', users: [id.Accountant] })).json()
      .data;
    const res = await as('BO').delete(`chat/channels/${direct.id}/users/${id.BO}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.detail[0]).toMatch(/^A direct channel always has its two members/);
  });
});

// PGlite serialises transactions: the races run on PostgreSQL only.
describe.runIf(onPostgres)('races', () => {
  it('answers one direct channel to both users opening the pair at the same moment', async () => {
    const [a, b] = await Promise.all([
      as('Accountant').post('chat/channels/', { kind: 'direct', users: [id.FO] }),
      as('FO').post('chat/channels/', { kind: 'direct', users: [id.Accountant] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
  });

  it('keeps the channel on its newest message when sends commit out of order', async () => {
    const channel = await group('FO', ['BO', 'Admin']);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send((['FO', 'BO', 'Admin'] as const)[i % 3]!, channel.id, `burst ${i}`),
      ),
    );
    const newest = Math.max(...sent.map((m) => m.id));
    const seen = (await as('FO').get(`chat/channels/${channel.id}/`)).json().data as ChatChannel;
    expect(seen.last_message?.id).toBe(newest);
    // the author's marker sits on their newest message, whatever order the sends committed in
    const own = sent.filter((m) => m.author.id === id.FO).map((m) => m.id);
    expect(seen.last_read_message_id).toBe(Math.max(...own));
    expect(seen.unread_count).toBe(
      sent.filter((m) => m.author.id !== id.FO && m.id > Math.max(...own)).length,
    );
  });
});

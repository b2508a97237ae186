import type { ChatChannel, ChatMessage, Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningApp, listeningApp, readySocket, type TestSocket } from '../../test/realtime.ts';

/** Chat through the real socket: what each member's sockets hear, and what an outsider never causes. */
let s: ListeningApp;
const token = {} as Record<Role, string>;
const id = {} as Record<Role, number>;
const sockets: TestSocket[] = [];
const XSRF = 'test-xsrf-token-0123456789';

const call = (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(payload && { payload }),
    headers: { authorization: `Token ${token[role]}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
  });

async function socketOf(role: Role): Promise<TestSocket> {
  const socket = await readySocket(s.socketUrl, token[role]);
  sockets.push(socket);
  return socket;
}

async function group(owner: Role, members: Role[], title: string): Promise<ChatChannel> {
  const res = await call(owner, 'POST', 'chat/channels/', { title, users: members.map((r) => id[r]) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  s = await listeningApp();
  for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const) {
    token[role] = await s.token(role);
    id[role] = (await call(role, 'GET', 'users/me/')).json().data.id;
  }
});
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await s.close();
});

describe('chat over the socket', () => {
  it('delivers a message to every member’s sockets, the author’s other tab included, and never to an outsider', async () => {
    const [fo, foOtherTab, bo, accountant] = [
      await socketOf('FO'),
      await socketOf('FO'),
      await socketOf('BO'),
      await socketOf('Accountant'),
    ];
    const desk = await group('FO', ['BO'], 'Desk');

    const refused = await call('Accountant', 'POST', `chat/channels/${desk.id}/messages/`, {
      body: 'let me in',
    });
    expect(refused.statusCode).toBe(403);

    const sent = await call('FO', 'POST', `chat/channels/${desk.id}/messages/`, { body: 'Morning!' });
    const message: ChatMessage = sent.json().data;
    for (const socket of [fo, foOtherTab, bo])
      expect(await socket.next('chat.message')).toEqual({ type: 'chat.message', data: message });

    // the Accountant's own channel proves delivery to them works, and that nothing came before it
    const books = await group('Accountant', ['FO'], 'Books');
    const theirs = (
      await call('FO', 'POST', `chat/channels/${books.id}/messages/`, { body: 'Invoices?' })
    ).json().data;
    expect(await accountant.next('chat.message')).toEqual({ type: 'chat.message', data: theirs });
    expect(accountant.received.map((m) => m.type)).toEqual(['socket.ready', 'chat.message']);
  });

  it('passes typing to the other members and drops it from a non-member', async () => {
    const [fo, bo, accountant] = [await socketOf('FO'), await socketOf('BO'), await socketOf('Accountant')];
    const desk = await group('BO', ['FO'], 'Typing desk');
    const books = await group('Accountant', ['FO'], 'Typing books');

    bo.send({ type: 'chat.typing', data: { chat_channel_id: desk.id } });
    expect(await fo.next('chat.typing')).toEqual({
      type: 'chat.typing',
      data: { chat_channel_id: desk.id, user: { id: id.BO, name: 'Boris Back' } },
    });

    // an outsider's typing in the desk, then typing in their own channel: FO hears only the second
    accountant.send({ type: 'chat.typing', data: { chat_channel_id: desk.id } });
    accountant.send({ type: 'chat.typing', data: { chat_channel_id: books.id } });
    expect((await fo.next('chat.typing')).data).toEqual({
      chat_channel_id: books.id,
      user: { id: id.Accountant, name: 'Arthur Accountant' },
    });
    expect(bo.received.filter((m) => m.type === 'chat.typing')).toEqual([]);
    expect(accountant.received.filter((m) => m.type === 'chat.typing')).toEqual([]);
  });

  it('moves the read marker on a chat.read frame and tells the members', async () => {
    const [fo, bo] = [await socketOf('FO'), await socketOf('BO')];
    const desk = await group('FO', ['BO'], 'Read desk');
    const message: ChatMessage = (
      await call('FO', 'POST', `chat/channels/${desk.id}/messages/`, { body: 'Read me' })
    ).json().data;
    await bo.next('chat.message');

    bo.send({ type: 'chat.read', data: { chat_channel_id: desk.id, message_id: message.id } });
    const read = {
      type: 'chat.read',
      data: { chat_channel_id: desk.id, user_id: id.BO, message_id: message.id },
    };
    expect(await fo.next('chat.read')).toEqual(read);
    expect(await bo.next('chat.read')).toEqual(read);
    const seen = (await call('BO', 'GET', `chat/channels/${desk.id}/`)).json().data as ChatChannel;
    expect(seen).toMatchObject({ last_read_message_id: message.id, unread_count: 0 });
  });
});

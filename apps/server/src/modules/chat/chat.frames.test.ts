import type { ChatChannel, ChatMessage, Role } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-user.ts';
import type { ClientFrameHandler } from '../../platform/realtime/client-frames.ts';
import {
  attachBus,
  createLocalBus,
  type EventBus,
  isServerMessage,
  type RealtimeEvent,
} from '../../platform/realtime/event-bus.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { createChatFrameHandler } from './chat.frames.ts';
import { type ChatService, createChatService } from './chat.service.ts';
import { CHAT_MEMBERS_CHANGED, type ChatMembersChangedData } from './chat-member-cache.ts';

let t: TestContext;
let chat: ChatService;
let frames: ClientFrameHandler;
const user = {} as Record<Role, AuthUser>;
let events: RealtimeEvent[] = [];
let bus: EventBus;
let channel: ChatChannel;
let messages: ChatMessage[];

const settle = () => new Promise((resolve) => setImmediate(resolve));
const ctx = (role: Role) => ({ user: user[role] });

beforeAll(async () => {
  t = await createTestContext();
  bus = createLocalBus();
  // What sockets would hear: the servers' own messages (the member cache's) are never sent to one.
  bus.subscribe((e) => {
    if (!isServerMessage(e.message.type)) events.push(e);
  });
  attachBus(t.database.db, bus);
  const rows = await queryRows<AuthUser & { email: string }>(
    t.database.db,
    sql`select id, name, email, role, type, permissions, region_id, temporary_password from users`,
  );
  for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const)
    user[role] = rows.find((r) => r.email === ROLE_EMAILS[role])!;
  chat = createChatService({ db: t.database.db });
  frames = createChatFrameHandler({ chat });
  ({ channel } = await chat.createChannel(ctx('FO'), {
    kind: 'group',
    title: 'Desk',
    users: [user.BO.id, user.Admin.id],
  }));
  messages = [];
  for (const [who, body] of [
    ['BO', 'one'],
    ['Admin', 'two'],
    ['BO', 'three'],
  ] as const)
    messages.push(await chat.send(ctx(who), channel.id, { body }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await settle();
  events = [];
});

const marker = async (role: Role) => (await chat.getChannel(ctx(role), channel.id)).last_read_message_id;

describe('chat frames from the socket', () => {
  it('passes typing on to the other members, with who is typing', async () => {
    await frames(user.BO, { type: 'chat.typing', data: { chat_channel_id: channel.id } });
    await settle();
    expect(events).toEqual([
      {
        users: expect.arrayContaining([user.FO.id, user.Admin.id]),
        message: {
          type: 'chat.typing',
          data: { chat_channel_id: channel.id, user: { id: user.BO.id, name: 'Boris Back' } },
        },
      },
    ]);
    expect(events[0]!.users).toHaveLength(2);
  });

  it('drops typing from a non-member and for a channel that does not exist', async () => {
    await frames(user.Accountant, { type: 'chat.typing', data: { chat_channel_id: channel.id } });
    await frames(user.FO, { type: 'chat.typing', data: { chat_channel_id: 2_000_000 } });
    await settle();
    expect(events).toEqual([]);
  });

  it('moves the read marker forward to a message of the channel and tells the members', async () => {
    await frames(user.FO, {
      type: 'chat.read',
      data: { chat_channel_id: channel.id, message_id: messages[1]!.id },
    });
    await settle();
    expect(await marker('FO')).toBe(messages[1]!.id);
    expect(events).toEqual([
      {
        users: expect.arrayContaining([user.FO.id, user.BO.id, user.Admin.id]),
        message: {
          type: 'chat.read',
          data: { chat_channel_id: channel.id, user_id: user.FO.id, message_id: messages[1]!.id },
        },
      },
    ]);

    // never back, and nothing sent when it does not move
    events = [];
    await frames(user.FO, {
      type: 'chat.read',
      data: { chat_channel_id: channel.id, message_id: messages[0]!.id },
    });
    await settle();
    expect(await marker('FO')).toBe(messages[1]!.id);
    expect(events).toEqual([]);

    // without a message: up to the newest
    await frames(user.FO, { type: 'chat.read', data: { chat_channel_id: channel.id } });
    await settle();
    expect(await marker('FO')).toBe(messages[2]!.id);
    expect(events.map((e) => e.message.type)).toEqual(['chat.read']);
  });

  it('drops a read of a message of another channel, and a read by a non-member', async () => {
    const { channel: other } = await chat.createChannel(ctx('Admin'), {
      kind: 'group',
      title: 'Elsewhere',
      users: [user.Accountant.id],
    });
    const elsewhere = await chat.send(ctx('Accountant'), other.id, { body: 'later message, other channel' });
    await settle();
    events = [];
    const before = await marker('Admin');
    await frames(user.Admin, {
      type: 'chat.read',
      data: { chat_channel_id: channel.id, message_id: elsewhere.id },
    });
    await frames(user.Accountant, { type: 'chat.read', data: { chat_channel_id: channel.id } });
    await settle();
    expect(await marker('Admin')).toBe(before);
    expect(events).toEqual([]);
  });

  it('tells other processes of a membership change over the bus, so their cache forgets it', async () => {
    // Another process: a service of its own, with the wiring of index.ts to the same bus.
    const other = createChatService({ db: t.database.db });
    const unsubscribe = bus.subscribe(({ users, message }) => {
      if (message.type === CHAT_MEMBERS_CHANGED)
        other.forgetMembers((message.data as ChatMembersChangedData).chat_channel_id, users);
    });
    const { channel: room } = await chat.createChannel(ctx('FO'), {
      kind: 'group',
      title: 'Bus',
      users: [user.BO.id],
    });
    expect(await other.typing(user.BO, room.id)).toBe(true);
    expect(await other.typing(user.Accountant, room.id)).toBe(false); // remembered as not a member
    await chat.addUser(ctx('FO'), room.id, user.Accountant.id);
    await settle();
    expect(await other.typing(user.Accountant, room.id)).toBe(true);
    await chat.removeUser(ctx('FO'), room.id, user.BO.id);
    await settle();
    expect(await other.typing(user.BO, room.id)).toBe(false);
    unsubscribe();
  });

  it('forgets a member who leaves at once: their typing is dropped', async () => {
    await frames(user.Admin, { type: 'chat.typing', data: { chat_channel_id: channel.id } });
    await chat.removeUser(ctx('Admin'), channel.id, user.Admin.id);
    await settle();
    events = [];
    await frames(user.Admin, { type: 'chat.typing', data: { chat_channel_id: channel.id } });
    await settle();
    expect(events).toEqual([]);
    // and one who joins is heard at once
    await chat.addUser(ctx('FO'), channel.id, user.Accountant.id);
    await frames(user.Accountant, { type: 'chat.typing', data: { chat_channel_id: channel.id } });
    await settle();
    expect(events).toHaveLength(1);
    expect([...events[0]!.users].sort()).toEqual([user.FO.id, user.BO.id].sort());
  });
});

import { randomUUID } from 'node:crypto';
import type { ChatChannel, SocketMessage } from '@app/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { openPostgres, queryRows } from '../../db/client.ts';
import type { EventBus, RealtimeEvent } from '../../platform/realtime/event-bus.ts';
import { createRedisBus } from '../../platform/realtime/redis-bus.ts';
import type { App } from '../../platform/types.ts';
import { testDatabaseUrl, testRedisUrl } from '../../test/env.ts';
import { ROLE_EMAILS } from '../../test/harness.ts';
import { type ListeningApp, listeningApp, readySocket, WAIT_MS } from '../../test/realtime.ts';
import { issueToken } from '../../test/tokens.ts';
import { CHAT_MEMBERS_CHANGED } from './chat-member-cache.ts';

/**
 * The chat across two server processes (issue 13: "socket tests ... across two processes with a
 * real Redis"). Each app stands for a process with its own Redis bus on a channel of the test's
 * own. Needs REDIS_URL; the second part also PostgreSQL, where both apps share one database.
 */

type Role = keyof typeof ROLE_EMAILS;
const XSRF = 'test-xsrf-token-0123456789';

function caller(app: App, token: string) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      ...(payload && { payload }),
      headers: { authorization: `Token ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    });
}

async function idsOf(app: App, tokens: Record<Role, string>): Promise<Record<Role, number>> {
  const out = {} as Record<Role, number>;
  for (const role of Object.keys(tokens) as Role[])
    out[role] = (await caller(app, tokens[role])('GET', 'users/me/')).json().data.id;
  return out;
}

async function tokensOf(db: ListeningApp['database']['db']): Promise<Record<Role, string>> {
  const out = {} as Record<Role, string>;
  for (const role of Object.keys(ROLE_EMAILS) as Role[]) out[role] = await issueToken(db, ROLE_EMAILS[role]);
  return out;
}

const bodyOf = (m: SocketMessage) => (m.data as { body?: string }).body;

describe.runIf(testRedisUrl)('a chat message posted on one process (REDIS_URL)', () => {
  it("reaches the members' sockets held by the other, and no one else's", async () => {
    // Two databases holding the same platform users under the same ids: the channel lives in A's,
    // B only carries the event to the sockets it holds.
    const overrides = { REDIS_URL: testRedisUrl!, REDIS_CHANNEL: `test:${randomUUID()}` };
    const [a, b] = await Promise.all([listeningApp({ overrides }), listeningApp({ overrides })]);
    try {
      const onA = await tokensOf(a.database.db);
      const ids = await idsOf(a.app, onA);
      const [bo, outsider] = await Promise.all([
        readySocket(b.socketUrl, await b.token('BO')),
        readySocket(b.socketUrl, await b.token('Accountant')),
      ]);
      const fo = caller(a.app, onA.FO);
      const desk = (await fo('POST', 'chat/channels/', { title: 'Across', users: [ids.BO] })).json()
        .data as ChatChannel;
      const sent = await fo('POST', `chat/channels/${desk.id}/messages/`, { body: 'Hello from A' });
      expect(sent.statusCode).toBe(201);
      const heard = await bo.next('chat.message');
      expect(heard.data).toMatchObject({
        chat_channel_id: desk.id,
        author: { id: ids.FO, name: 'Fiona Front' },
        body: 'Hello from A',
      });
      // The outsider's first chat message is one sent to them afterwards: the desk's never came.
      const direct = (await fo('POST', 'chat/channels/', { kind: 'direct', users: [ids.Accountant] })).json()
        .data as ChatChannel;
      await fo('POST', `chat/channels/${direct.id}/messages/`, { body: 'Just you' });
      expect(bodyOf(await outsider.next('chat.message'))).toBe('Just you');
      expect(outsider.received.filter((m) => m.type === 'chat.message').map(bodyOf)).toEqual(['Just you']);
      await Promise.all([bo.close(), outsider.close()]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

/** A second app (process) on A's own PostgreSQL database, with a Redis bus the test also listens to. */
async function secondProcess(a: ListeningApp, overrides: { REDIS_URL: string; REDIS_CHANNEL: string }) {
  const [row] = await queryRows<{ name: string }>(a.database.db, sql`select current_database() as name`);
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${row!.name}`;
  const database = await openPostgres(url.toString(), 5);
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  const bus: EventBus = await createRedisBus({
    url: overrides.REDIS_URL,
    channel: overrides.REDIS_CHANNEL,
    log: silent as never,
  });
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    bus,
    mailer: { send: async () => {} },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    bus,
    socketUrl: a.socketUrl.replace(/:\d+\//, `:${port}/`),
    async close() {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

/** The next event on `bus` that `test` accepts. */
function nextOnBus(bus: EventBus, test: (e: RealtimeEvent) => boolean): Promise<RealtimeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('timed out waiting for a bus event'));
    }, WAIT_MS);
    const stop = bus.subscribe((e) => {
      if (!test(e)) return;
      clearTimeout(timer);
      stop();
      resolve(e);
    });
  });
}

describe.runIf(testRedisUrl && testDatabaseUrl)(
  'two processes on one PostgreSQL database (REDIS_URL)',
  () => {
    it('passes typing from a socket on one to the members on the other, and hears of a new member at once', async () => {
      const overrides = { REDIS_URL: testRedisUrl!, REDIS_CHANNEL: `test:${randomUUID()}` };
      const a = await listeningApp({ overrides });
      const b = await secondProcess(a, overrides);
      try {
        const tokens = await tokensOf(a.database.db); // one database: valid on both
        const ids = await idsOf(a.app, tokens);
        const fo = caller(a.app, tokens.FO);
        const foOnA = await readySocket(a.socketUrl, tokens.FO);
        const [boOnB, adminOnB] = await Promise.all([
          readySocket(b.socketUrl, tokens.BO),
          readySocket(b.socketUrl, tokens.Admin),
        ]);

        const desk = (await fo('POST', 'chat/channels/', { title: 'Shared', users: [ids.BO] })).json()
          .data as ChatChannel;
        const direct = (await fo('POST', 'chat/channels/', { kind: 'direct', users: [ids.Admin] })).json()
          .data as ChatChannel;
        await fo('POST', `chat/channels/${desk.id}/messages/`, { body: 'On A' });
        expect(bodyOf(await boOnB.next('chat.message'))).toBe('On A');

        // B checks BO's membership in the shared database; FO hears it on A.
        boOnB.send({ type: 'chat.typing', data: { chat_channel_id: desk.id } });
        expect((await foOnA.next('chat.typing')).data).toEqual({
          chat_channel_id: desk.id,
          user: { id: ids.BO, name: 'Boris Back' },
        });

        // The Admin types in their direct channel: B now remembers the Admin's channels (not the desk).
        adminOnB.send({ type: 'chat.typing', data: { chat_channel_id: direct.id } });
        expect((await foOnA.next('chat.typing')).data).toMatchObject({ chat_channel_id: direct.id });

        // FO adds the Admin on A; B hears of it over Redis and forgets, long before its cache's 5 s.
        const changed = nextOnBus(b.bus, (e) => e.message.type === CHAT_MEMBERS_CHANGED);
        const added = await fo('POST', `chat/channels/${desk.id}/users/`, { user: ids.Admin });
        expect(added.statusCode).toBe(200);
        expect((await changed).users).toEqual([ids.Admin]);
        adminOnB.send({ type: 'chat.typing', data: { chat_channel_id: desk.id } });
        expect((await foOnA.next('chat.typing')).data).toEqual({
          chat_channel_id: desk.id,
          user: { id: ids.Admin, name: 'Alice Admin' },
        });
        // The servers' own message reached no socket.
        for (const socket of [foOnA, boOnB, adminOnB])
          expect(socket.received.map((m) => m.type)).not.toContain(CHAT_MEMBERS_CHANGED);
        await Promise.all([foOnA.close(), boOnB.close(), adminOnB.close()]);
      } finally {
        await b.close();
        await a.close();
      }
    });
  },
);

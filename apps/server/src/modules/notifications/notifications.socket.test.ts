import { randomUUID } from 'node:crypto';
import type { NotificationEventData } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus, type RealtimeEvent } from '../../platform/realtime/event-bus.ts';
import { onPostgres, testRedisUrl } from '../../test/env.ts';
import { type ListeningApp, listeningApp, readySocket } from '../../test/realtime.ts';
import { notify, notifyMany } from './notifications.service.ts';

/** notify() and the read calls, heard on real sockets (the `ws` client against the listening app). */
let s: ListeningApp;
const bus = createLocalBus();
let fo: string;
let bo: string;
const ids = { FO: 0, BO: 0 };

beforeAll(async () => {
  s = await listeningApp({ bus });
  [fo, bo] = [await s.token('FO'), await s.token('BO')];
  for (const [role, token] of [
    ['FO', fo],
    ['BO', bo],
  ] as const) {
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Token ${token}` },
    });
    ids[role] = me.json().data.id;
  }
});
afterAll(async () => {
  await s.close();
  await bus.close();
});

const post = (url: string, token: string) =>
  s.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: {
      authorization: `Token ${token}`,
      cookie: 'XSRF-TOKEN=test-xsrf-token-0123456789',
      'x-xsrf-token': 'test-xsrf-token-0123456789',
    },
  });

describe('a notification on the socket', () => {
  it("reaches the addressee's sockets after the commit, with the unread count, and nobody else's", async () => {
    const [tab1, tab2, other] = await Promise.all([
      readySocket(s.socketUrl, fo),
      readySocket(s.socketUrl, fo),
      readySocket(s.socketUrl, bo),
    ]);
    await s.database.db.transaction(async (tx) => {
      await notify(tx, [ids.FO], { type: 'NewTask', title: 'Call the hotel', data: { task_id: 4 } });
      // Straight on the bus, a probe overtakes the notification, which waits for the commit.
      bus.publish({ users: [ids.FO], message: { type: 'chat.read', data: { probe: true } } });
      expect((await tab1.next()).type).toBe('chat.read');
    });
    for (const tab of [tab1, tab2]) {
      const message = await tab.next('notification');
      expect(message.data).toEqual({
        id: expect.any(Number),
        type: 'NewTask',
        title: 'Call the hotel',
        data: { task_id: 4 },
        read: false,
        read_at: null,
        created_at: expect.any(String),
        notify_counter: 1,
      } satisfies NotificationEventData);
    }
    bus.publish({ users: [ids.BO], message: { type: 'chat.read', data: { probe: true } } });
    await other.next('chat.read');
    expect(other.received.map((m) => m.type)).toEqual(['socket.ready', 'chat.read']);
    await Promise.all([tab1.close(), tab2.close(), other.close()]);
  });

  it('is never sent when the transaction that stored it rolls back', async () => {
    const tab = await readySocket(s.socketUrl, bo);
    await expect(
      s.database.db.transaction(async (tx) => {
        await notify(tx, [ids.BO], { type: 'NewRequest', title: 'Taken back', data: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await s.database.db.transaction((tx) =>
      notify(tx, [ids.BO], { type: 'NewRequest', title: 'Kept', data: { request_id: 1 } }),
    );
    const message = await tab.next('notification');
    expect(message.data).toMatchObject({ title: 'Kept', notify_counter: 1 });
    await tab.close();
  });
});

describe('a batch of notifications (notifyMany)', () => {
  it('sends each to its addressee after the commit, all with the count read once the batch is stored', async () => {
    const tab = await readySocket(s.socketUrl, bo);
    const before = (
      await s.app.inject({
        method: 'GET',
        url: '/api/v1/notifications/?limit=1',
        headers: { authorization: `Token ${bo}` },
      })
    ).json().meta.unread as number;
    await s.database.db.transaction((tx) =>
      notifyMany(tx, [
        { userIds: [ids.BO, ids.FO], message: { type: 'TaskOverdue', title: 'Batch 1', data: {} } },
        { userIds: [ids.BO], message: { type: 'TaskOverdue', title: 'Batch 2', data: {} } },
      ]),
    );
    const first = (await tab.next('notification')).data as NotificationEventData;
    const second = (await tab.next('notification')).data as NotificationEventData;
    expect([first.title, second.title]).toEqual(['Batch 1', 'Batch 2']);
    expect([first.notify_counter, second.notify_counter]).toEqual([before + 2, before + 2]);
    await tab.close();
  });
});

describe('reading moves the counter of every tab', () => {
  it('sends notification.read with the count after one is read, then after all are read', async () => {
    await notify(s.database.db, [ids.FO], { type: 'NewEmail', title: 'Mail 1', data: {} });
    await notify(s.database.db, [ids.FO], { type: 'NewEmail', title: 'Mail 2', data: {} });
    const tab = await readySocket(s.socketUrl, fo);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/?unread=true',
      headers: { authorization: `Token ${fo}` },
    });
    const unread = list.json().meta.unread as number;
    const id = list.json().data[0].id as number;

    expect((await post(`notifications/${id}/read/`, fo)).json()).toEqual({
      data: { notify_counter: unread - 1 },
    });
    expect(await tab.next('notification.read')).toEqual({
      type: 'notification.read',
      data: { id, notify_counter: unread - 1 },
    });
    // Reading it again changes nothing, so nothing is sent: the next event is the read-all.
    await post(`notifications/${id}/read/`, fo);
    await post('notifications/read-all/', fo);
    expect(await tab.next('notification.read')).toEqual({
      type: 'notification.read',
      data: { id: null, notify_counter: 0 },
    });
    await tab.close();
  });
});

// PGlite serialises transactions: only PostgreSQL has two notifications committing at once.
describe.runIf(onPostgres)('notifications committed at once (PostgreSQL)', () => {
  it('end on the true unread count: the last counter each addressee is sent counts every commit', async () => {
    const N = 5;
    const heard: RealtimeEvent[] = [];
    const of = (userId: number) => heard.filter((e) => e.users[0] === userId);
    let allHeard!: () => void;
    const everyOneHeard = new Promise<void>((resolve) => {
      allHeard = resolve;
    });
    const stop = bus.subscribe((e) => {
      if (e.message.type !== 'notification') return;
      heard.push(e);
      if (of(ids.FO).length === N && of(ids.BO).length === N) allHeard();
    });
    const count = async (role: 'FO' | 'BO') =>
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/v1/notifications/?limit=1',
          headers: { authorization: `Token ${role === 'FO' ? fo : bo}` },
        })
      ).json().meta.unread as number;
    const before = { FO: await count('FO'), BO: await count('BO') };
    // Five transactions, each storing one for FO and one for BO, none committing until all have
    // stored theirs: counted inside its own transaction, each would see only its own row.
    let stored = 0;
    let allStored!: () => void;
    const barrier = new Promise<void>((resolve) => {
      allStored = resolve;
    });
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        s.database.db.transaction(async (tx) => {
          await notify(tx, [ids.FO, ids.BO], { type: 'NewRequest', title: `At once ${i}`, data: {} });
          if (++stored === N) allStored();
          await barrier;
        }),
      ),
    );
    await everyOneHeard;
    const lastCounter = (userId: number) =>
      (of(userId).at(-1)!.message.data as NotificationEventData).notify_counter;
    expect(lastCounter(ids.FO)).toBe(before.FO + N);
    expect(lastCounter(ids.BO)).toBe(before.BO + N);
    expect(await count('FO')).toBe(before.FO + N);
    stop();
  });
});

describe.runIf(testRedisUrl)('two server processes sharing Redis (REDIS_URL)', () => {
  it("delivers a notification stored on one to the addressee's socket held by the other", async () => {
    // Each app stands for a process, with its own Redis bus on a channel of this test's own. Each
    // has a database of its own too, holding the same platform users under the same ids: what is
    // tested is the way across, not the sharing of PostgreSQL.
    const overrides = { REDIS_URL: testRedisUrl!, REDIS_CHANNEL: `test:${randomUUID()}` };
    const [a, b] = await Promise.all([listeningApp({ overrides }), listeningApp({ overrides })]);
    try {
      expect(await b.waitForLog('realtime bus: Redis pub/sub')).toContain('"bus":"redis"');
      const onB = await readySocket(b.socketUrl, await b.token('FO'));
      const otherOnB = await readySocket(b.socketUrl, await b.token('BO'));
      await a.database.db.transaction((tx) =>
        notify(tx, [ids.FO], { type: 'NewRequest', title: 'Across', data: { request_id: 7 } }),
      );
      expect((await onB.next('notification')).data).toMatchObject({ title: 'Across', notify_counter: 1 });
      await a.database.db.transaction((tx) =>
        notify(tx, [ids.BO], { type: 'NewRequest', title: 'For BO', data: {} }),
      );
      expect((await otherOnB.next('notification')).data).toMatchObject({ title: 'For BO' });
      // In order on one socket: had FO's socket been sent BO's, it would come before this one.
      await a.database.db.transaction((tx) =>
        notify(tx, [ids.FO], { type: 'NewRequest', title: 'Last', data: {} }),
      );
      expect((await onB.next('notification')).data).toMatchObject({ title: 'Last' });
      expect(onB.received.map((m) => (m.data as { title?: string }).title)).toEqual([
        undefined,
        'Across',
        'Last',
      ]);
      await Promise.all([onB.close(), otherOnB.close()]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

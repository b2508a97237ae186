import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ClientFrame,
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_FRAME_MAX_BYTES,
  SOCKET_PATH,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type ListeningApp, listeningApp, openSocket, readySocket, WAIT_MS } from '../../test/realtime.ts';
import { issueToken } from '../../test/tokens.ts';
import type { AuthUser } from '../auth-user.ts';
import { createLocalBus, publishAfterCommit } from './event-bus.ts';
import { SOCKET_FRAMES_PER_WINDOW } from './frame-limits.ts';
import { SOCKET_CLOSE_TOO_MANY, SOCKET_MAX_PAYLOAD_BYTES, SOCKETS_PER_USER_MAX } from './socket.plugin.ts';

let s: ListeningApp;
const bus = createLocalBus();
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'socket-web-'));
const ids: Record<'FO' | 'BO', number> = { FO: 0, BO: 0 };

/** What a registered client-frame handler was given, with a way to wait for a frame. */
const frames: Array<{ user: AuthUser; frame: ClientFrame }> = [];
const frameWaiters = new Set<() => void>();
function nextFrame(test: (f: ClientFrame) => boolean): Promise<ClientFrame> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = frames.find((f) => test(f.frame));
      if (!hit) return;
      frameWaiters.delete(check);
      clearTimeout(timer);
      resolve(hit.frame);
    };
    const timer = setTimeout(() => {
      frameWaiters.delete(check);
      reject(new Error('timed out waiting for a client frame'));
    }, WAIT_MS);
    frameWaiters.add(check);
    check();
  });
}

beforeAll(async () => {
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
  s = await listeningApp({ bus, overrides: { WEB_DIST: web } });
  s.app.useClientFrames(async (user, frame) => {
    frames.push({ user, frame });
    for (const waiter of [...frameWaiters]) waiter();
  });
  for (const role of ['FO', 'BO'] as const) {
    ids[role] = (await call('GET', 'users/me/', await s.token(role))).json().data.id;
  }
});
afterAll(async () => {
  await s.close();
  await bus.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const event = (users: number[], type: string, data: unknown) => ({ users, message: { type, data } });
const XSRF = 'test-xsrf-token-0123456789';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(payload && { payload }),
    headers: { authorization: `Token ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
  });

describe('signing in on the socket', () => {
  it('accepts a valid token, greets with socket.ready and holds the socket for its user', async () => {
    const before = s.app.socketHub.counts();
    const socket = await readySocket(s.socketUrl, await s.token('FO'));
    expect(socket.received).toEqual([{ type: 'socket.ready', data: {} }]);
    expect(s.app.socketHub.counts().sockets).toBe(before.sockets + 1);
    await socket.close();
  });

  it('closes with 4401 when the token is missing, empty or unknown', async () => {
    for (const token of [null, '', 'not-a-real-token-0123456789abcdef']) {
      const socket = await openSocket(s.socketUrl, token);
      expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_UNAUTHORIZED, reason: 'Unauthorized' });
      expect(socket.received).toEqual([]);
    }
  });

  it('refuses a socket beyond what one user may hold, and takes one again when another leaves', async () => {
    const token = await s.token('Admin');
    const held = await Promise.all(
      Array.from({ length: SOCKETS_PER_USER_MAX }, () => readySocket(s.socketUrl, token)),
    );
    const extra = await openSocket(s.socketUrl, token);
    expect(await extra.closed).toEqual({ code: SOCKET_CLOSE_TOO_MANY, reason: 'Too many sockets' });
    await held[0]!.close();
    // The server hears the close a moment after the client: wait for its count to drop.
    const adminId = (await call('GET', 'users/me/', token)).json().data.id;
    await vi.waitFor(() => expect(s.app.socketHub.countOf(adminId)).toBe(SOCKETS_PER_USER_MAX - 1));
    const again = await readySocket(s.socketUrl, token);
    await Promise.all([again, ...held.slice(1)].map((socket) => socket.close()));
  });

  it('closes the sockets of a session when it signs out, and refuses its token afterwards', async () => {
    const token = await issueToken(s.database.db, 'bo@example.com');
    const [open, otherSession] = await Promise.all([
      readySocket(s.socketUrl, token),
      readySocket(s.socketUrl, await s.token('BO')),
    ]);
    expect((await call('POST', 'auth/token/logout/', token)).statusCode).toBe(204);
    expect(await open.closed).toEqual({ code: SOCKET_CLOSE_UNAUTHORIZED, reason: 'Session ended' });
    const again = await openSocket(s.socketUrl, token);
    expect((await again.closed).code).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    // The same user's other session is not touched.
    bus.publish(event([ids.BO], 'chat.read', { still: 'here' }));
    expect(await otherSession.next()).toEqual({ type: 'chat.read', data: { still: 'here' } });
    await otherSession.close();
  });

  it('closes every socket of a user an administrator deactivates', async () => {
    const token = await s.token('Accountant');
    const socket = await readySocket(s.socketUrl, token);
    const me = (await call('GET', 'users/me/', token)).json().data;
    const user = (await call('GET', `users/${me.id}/`, await s.token('Admin'))).json().data;
    const res = await call('PATCH', `users/${me.id}/`, await s.token('Admin'), {
      version: user.version,
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_UNAUTHORIZED, reason: 'Session ended' });
  });
});

describe('delivering events', () => {
  it('sends an event published in a transaction to the addressed user only, once it commits', async () => {
    const fo = await s.token('FO');
    const [tab1, tab2, other] = await Promise.all([
      readySocket(s.socketUrl, fo),
      readySocket(s.socketUrl, fo),
      readySocket(s.socketUrl, await s.token('BO')),
    ]);
    await s.database.db.transaction(async (tx) => {
      publishAfterCommit(tx, event([ids.FO], 'notification', { n: 1 }));
      // A message sent straight on the bus overtakes it: the first is held until the commit.
      bus.publish(event([ids.FO], 'chat.read', { probe: 1 }));
      expect(await tab1.next()).toEqual({ type: 'chat.read', data: { probe: 1 } });
      expect(tab1.received.filter((m) => m.type === 'notification')).toEqual([]);
    });
    for (const tab of [tab1, tab2])
      expect(await tab.next('notification')).toEqual({ type: 'notification', data: { n: 1 } });

    bus.publish(event([ids.BO], 'chat.read', { probe: 2 }));
    expect(await other.next()).toEqual({ type: 'chat.read', data: { probe: 2 } });
    expect(other.received.map((m) => m.type)).toEqual(['socket.ready', 'chat.read']);
    await Promise.all([tab1.close(), tab2.close(), other.close()]);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const tab = await readySocket(s.socketUrl, await s.token('FO'));
    await expect(
      s.database.db.transaction(async (tx) => {
        publishAfterCommit(tx, event([ids.FO], 'notification', { n: 'rolled back' }));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await s.database.db.transaction(async (tx) => {
      publishAfterCommit(tx, event([ids.FO], 'notification', { n: 'kept' }));
    });
    // Events reach a socket in the order they are published: the kept one is the first one.
    expect(await tab.next('notification')).toEqual({ type: 'notification', data: { n: 'kept' } });
    await tab.close();
  });
});

describe('what a client sends', () => {
  it('ignores frames that are not JSON, too large, binary or of an unknown type, logs them and stays up', async () => {
    const socket = await readySocket(s.socketUrl, await s.token('FO'));
    socket.send('this is not JSON');
    socket.send(
      JSON.stringify({
        type: 'chat.typing',
        data: { chat_channel_id: 1 },
        pad: 'x'.repeat(SOCKET_FRAME_MAX_BYTES),
      }),
    );
    socket.send({ type: 'chat.delete', data: { chat_channel_id: 1 } });
    socket.send({ type: 'chat.typing', data: { chat_channel_id: 'seven' } });
    socket.ws.send(Buffer.from(JSON.stringify({ type: 'chat.read', data: { chat_channel_id: 2 } })), {
      binary: true,
    });
    socket.send({ type: 'chat.read', data: { chat_channel_id: 3, message_id: 9 } });

    expect(await nextFrame((f) => f.type === 'chat.read' && f.data.chat_channel_id === 3)).toEqual({
      type: 'chat.read',
      data: { chat_channel_id: 3, message_id: 9 },
    });
    // Frames are handled in order, so none of the refused ones reached the handler.
    expect(frames.map((f) => f.frame.data.chat_channel_id)).toEqual([3]);
    expect(frames[0]!.user.id).toBe(ids.FO);
    await s.waitForLog('socket frame too large: ignored');
    for (const text of ['is not JSON: ignored', 'unknown type or shape: ignored'])
      expect(s.logLines.filter((l) => l.includes(text)).length).toBeGreaterThan(0);
    expect(s.logLines.filter((l) => l.includes('is not JSON')).length).toBe(2); // the text and the binary frame
    expect(s.logLines.find((l) => l.includes('chat.delete'))).toMatch(/"level":40/);

    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    bus.publish(event([ids.FO], 'notification', { after: 'bad frames' }));
    expect(await socket.next('notification')).toEqual({
      type: 'notification',
      data: { after: 'bad frames' },
    });
    await socket.close();
  });

  it('passes typing on once per user and channel in the throttle window', async () => {
    frames.length = 0;
    const socket = await readySocket(s.socketUrl, await s.token('BO'));
    for (let i = 0; i < 10; i++) socket.send({ type: 'chat.typing', data: { chat_channel_id: 70 } });
    for (let i = 0; i < 3; i++) socket.send({ type: 'chat.typing', data: { chat_channel_id: 80 } });
    socket.send({ type: 'chat.read', data: { chat_channel_id: 70 } });
    await nextFrame((f) => f.type === 'chat.read' && f.data.chat_channel_id === 70);
    expect(frames.map((f) => [f.frame.type, f.frame.data.chat_channel_id])).toEqual([
      ['chat.typing', 70],
      ['chat.typing', 80],
      ['chat.read', 70],
    ]);
    await socket.close();
  });

  it('gives a user one frame budget over all their sockets, not one per socket', async () => {
    frames.length = 0;
    const token = await s.token('Admin');
    const tabs = await Promise.all([readySocket(s.socketUrl, token), readySocket(s.socketUrl, token)]);
    // 15 typing frames from each tab, each for a channel of its own (so typing's own throttle passes them)
    tabs.forEach((tab, i) => {
      for (let n = 0; n < 15; n++)
        tab.send({ type: 'chat.typing', data: { chat_channel_id: 1000 + i * 100 + n } });
    });
    // A pong comes back once the server has read every frame sent before the ping.
    const pongs = tabs.map((tab) => new Promise((resolve) => tab.ws.once('pong', resolve)));
    for (const tab of tabs) tab.ws.ping();
    await Promise.all(pongs);
    await s.waitForLog('socket frames over the rate: dropped');
    expect(frames.filter((f) => f.frame.type === 'chat.typing')).toHaveLength(SOCKET_FRAMES_PER_WINDOW);
    await Promise.all(tabs.map((tab) => tab.close()));
  });

  it('moves a read marker once per user and channel in a window, the furthest of the others after it', async () => {
    frames.length = 0;
    const token = await s.token('FO');
    const [a, b] = await Promise.all([readySocket(s.socketUrl, token), readySocket(s.socketUrl, token)]);
    const reads = () =>
      frames.filter((f) => f.frame.type === 'chat.read' && f.frame.data.chat_channel_id === 500);
    a.send({ type: 'chat.read', data: { chat_channel_id: 500, message_id: 1 } });
    await nextFrame((f) => f.type === 'chat.read' && f.data.chat_channel_id === 500);
    b.send({ type: 'chat.read', data: { chat_channel_id: 500, message_id: 5 } });
    a.send({ type: 'chat.read', data: { chat_channel_id: 500, message_id: 3 } });
    await nextFrame(
      (f) => f.type === 'chat.read' && f.data.chat_channel_id === 500 && f.data.message_id === 5,
    );
    expect(reads().map((f) => f.frame.data)).toEqual([
      { chat_channel_id: 500, message_id: 1 },
      { chat_channel_id: 500, message_id: 5 },
    ]);
    expect(reads().every((f) => f.user.id === ids.FO)).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it("closes the connection on a frame beyond ws's own bound (1009)", async () => {
    const socket = await readySocket(s.socketUrl, await s.token('FO'));
    socket.send('x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('the path', () => {
  it('serves the web app on a plain GET of /notifications, with or without the slash', async () => {
    for (const url of [SOCKET_PATH, '/notifications', `${SOCKET_PATH}?token=abc`]) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>app</title>');
    }
  });
});

describe('closing the app', () => {
  it('closes every socket it holds with 1001', async () => {
    const own = await listeningApp();
    const socket = await readySocket(own.socketUrl, await own.token('FO'));
    const closing = own.close();
    expect((await socket.closed).code).toBe(1001);
    await closing;
  });
});

import { EventEmitter } from 'node:events';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../auth-user.ts';
import { SESSIONS_ENDED } from './event-bus.ts';
import { createSocketHub, type HubSocket, SOCKET_MAX_BUFFERED_BYTES } from './socket-hub.ts';

/** A stand-in for a ws socket that records what the hub does to it. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closedWith: [number, string] | null = null;
  terminated = false;
  send(text: string) {
    this.sent.push(text);
  }
  ping() {
    this.pings += 1;
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
  }
  terminate() {
    this.terminated = true;
  }
}

const log = { warn: () => {}, info: () => {} };
const user = (id: number) => ({ id, name: `User ${id}` }) as AuthUser;

function holding(hub: ReturnType<typeof createSocketHub>, userId: number, tokenId = userId * 10) {
  const socket = new FakeSocket();
  const entry: HubSocket = {
    socket: socket as unknown as WebSocket,
    user: user(userId),
    tokenId,
    alive: true,
  };
  const remove = hub.add(entry);
  return { socket, entry, remove };
}

describe('the socket hub', () => {
  it('never sends a message meant for the servers (server.*) to a socket', () => {
    const hub = createSocketHub(log);
    const a = holding(hub, 1);
    expect(
      hub.deliver({ users: [1], message: { type: 'server.chat.members', data: { chat_channel_id: 3 } } }),
    ).toBe(0);
    expect(a.socket.sent).toEqual([]);
    expect(a.socket.closedWith).toBeNull();
  });

  it('sends an event as {type, data} to every socket of the users it names, and to no one else', () => {
    const hub = createSocketHub(log);
    const [a1, a2, b] = [holding(hub, 1), holding(hub, 1), holding(hub, 2)];
    const sent = hub.deliver({ users: [1, 1, 3], message: { type: 'notification', data: { id: 5 } } });
    expect(sent).toBe(2);
    expect(a1.socket.sent).toEqual(['{"type":"notification","data":{"id":5}}']);
    expect(a2.socket.sent).toEqual(a1.socket.sent);
    expect(b.socket.sent).toEqual([]);
    expect(hub.counts()).toEqual({ sockets: 3, users: 2 });
    a1.remove();
    a1.remove();
    b.remove();
    expect(hub.counts()).toEqual({ sockets: 1, users: 1 });
  });

  it('skips a socket that is closing and drops one that stopped reading', () => {
    const hub = createSocketHub(log);
    const [closing, slow] = [holding(hub, 1), holding(hub, 1)];
    closing.socket.readyState = 2;
    slow.socket.bufferedAmount = SOCKET_MAX_BUFFERED_BYTES + 1;
    expect(hub.deliver({ users: [1], message: { type: 'chat.message', data: {} } })).toBe(0);
    expect(closing.socket.sent).toEqual([]);
    expect(slow.socket.terminated).toBe(true);
  });

  it('pings the sockets that answered the last ping and drops those that did not', () => {
    const hub = createSocketHub(log);
    const [answers, silent] = [holding(hub, 1), holding(hub, 2)];
    hub.heartbeat();
    expect([answers.socket.pings, silent.socket.pings]).toEqual([1, 1]);
    answers.entry.alive = true; // its pong came
    hub.heartbeat();
    expect(answers.socket.terminated).toBe(false);
    expect(answers.socket.pings).toBe(2);
    expect(silent.socket.terminated).toBe(true);
  });

  it('closes the sockets of ended sessions with 4401 and sends the control message to nobody', () => {
    const hub = createSocketHub(log);
    const [kept, ended, all, other] = [
      holding(hub, 1, 11),
      holding(hub, 1, 12),
      holding(hub, 2, 21),
      holding(hub, 3, 31),
    ];
    hub.deliver({ users: [1], message: { type: SESSIONS_ENDED, data: { except_token_id: 11 } } });
    hub.deliver({ users: [2], message: { type: SESSIONS_ENDED, data: {} } });
    hub.deliver({ users: [3], message: { type: SESSIONS_ENDED, data: { token_ids: [99] } } });
    expect(kept.socket.closedWith).toBeNull();
    expect(ended.socket.closedWith).toEqual([SOCKET_CLOSE_UNAUTHORIZED, 'Session ended']);
    expect(all.socket.closedWith).toEqual([SOCKET_CLOSE_UNAUTHORIZED, 'Session ended']);
    expect(other.socket.closedWith).toBeNull();
    for (const s of [kept, ended, all, other]) expect(s.socket.sent).toEqual([]);
  });
});

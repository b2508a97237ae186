import { SOCKET_CLOSE_UNAUTHORIZED, type SocketMessage } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../auth-user.ts';
import { isServerMessage, type RealtimeEvent, SESSIONS_ENDED, type SessionsEndedData } from './event-bus.ts';

/** One signed-in socket of this process. */
export interface HubSocket {
  socket: WebSocket;
  user: AuthUser;
  tokenId: number;
  /** Cleared at each keepalive ping, set again by the pong: still clear at the next one = gone. */
  alive: boolean;
}

const OPEN = 1; // WebSocket.OPEN
/** A client that stops reading lets output pile up in memory: beyond this much it is dropped. */
export const SOCKET_MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SocketCounts {
  sockets: number;
  users: number;
}

/**
 * The sockets this process holds, by user. Every bus event comes here (from this process or,
 * through Redis, from another) and goes, serialised once, to the sockets of the users it names.
 */
export function createSocketHub(log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  const byUser = new Map<number, Set<HubSocket>>();
  let count = 0;

  function send(entry: HubSocket, text: string): boolean {
    const { socket } = entry;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      log.warn({ userId: entry.user.id, buffered: socket.bufferedAmount }, 'socket not reading: dropped');
      socket.terminate();
      return false;
    }
    socket.send(text);
    return true;
  }

  function endSessions(users: readonly number[], data: SessionsEndedData): void {
    const tokens = Array.isArray(data.token_ids) ? new Set(data.token_ids) : null;
    for (const userId of users) {
      for (const entry of byUser.get(userId) ?? []) {
        if (tokens && !tokens.has(entry.tokenId)) continue;
        if (entry.tokenId === data.except_token_id) continue;
        entry.socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Session ended');
      }
    }
  }

  return {
    /** Adds a signed-in socket; the returned function removes it (call it on close). */
    add(entry: HubSocket): () => void {
      const set = byUser.get(entry.user.id) ?? new Set<HubSocket>();
      byUser.set(entry.user.id, set);
      set.add(entry);
      count += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        count -= 1;
        set.delete(entry);
        if (set.size === 0 && byUser.get(entry.user.id) === set) byUser.delete(entry.user.id);
      };
    },

    /** Sends the event to the named users' sockets here; answers how many sockets it went to. */
    deliver(event: RealtimeEvent): number {
      if (event.message.type === SESSIONS_ENDED) {
        endSessions(event.users, (event.message.data ?? {}) as SessionsEndedData);
        return 0;
      }
      if (isServerMessage(event.message.type)) return 0;
      let text: string | undefined;
      let sent = 0;
      for (const userId of new Set(event.users)) {
        const set = byUser.get(userId);
        if (!set) continue;
        text ??= JSON.stringify({ type: event.message.type, data: event.message.data });
        for (const entry of set) if (send(entry, text)) sent += 1;
      }
      return sent;
    },

    /** One message to one socket (the greeting once its token is accepted). */
    sendTo(entry: HubSocket, message: SocketMessage): boolean {
      return send(entry, JSON.stringify({ type: message.type, data: message.data }));
    },

    /** The keepalive: drops the sockets that did not answer the last ping, pings the others. */
    heartbeat(): void {
      for (const set of byUser.values()) {
        for (const entry of set) {
          if (!entry.alive) {
            entry.socket.terminate();
            continue;
          }
          entry.alive = false;
          entry.socket.ping();
        }
      }
    },

    /** Every socket held, for closing them all. */
    *sockets(): Iterable<HubSocket> {
      for (const set of byUser.values()) yield* set;
    },

    /** The sockets one user holds here. */
    countOf(userId: number): number {
      return byUser.get(userId)?.size ?? 0;
    },

    counts(): SocketCounts {
      return { sockets: count, users: byUser.size };
    },
  };
}
export type SocketHub = ReturnType<typeof createSocketHub>;

import { EventEmitter } from 'node:events';
import type { SocketMessage } from '@app/shared';
import { afterCommit, rootOf } from '../../db/after-commit.ts';
import type { Db, Executor } from '../../db/client.ts';

/** A message for the sockets of some users, wherever (in whichever process) they are held. */
export interface RealtimeEvent {
  users: readonly number[];
  message: SocketMessage;
}

/**
 * Carries realtime events to every server process (ARCHITECTURE.md, "Realtime and scale-out"):
 * in-process by default, Redis pub/sub when `REDIS_URL` is set. Every process's socket hub
 * subscribes and delivers to the sockets it holds.
 */
export interface EventBus {
  readonly kind: 'local' | 'redis';
  publish(event: RealtimeEvent): void;
  subscribe(handler: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'local',
    publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const buses = new WeakMap<Db, EventBus>();

/** Connects a database to the bus its events go out on (once, when the app starts). */
export function attachBus(db: Db, bus: EventBus): void {
  buses.set(db, bus);
}

/**
 * Publishes `event` once `ex`'s transaction has committed, so a socket never hears of a record
 * that a rollback took back. Without a bus (a script, a test without sockets) nothing is sent.
 */
export function publishAfterCommit(ex: Executor, event: RealtimeEvent): void {
  if (event.users.length === 0) return;
  afterCommit(ex, () => buses.get(rootOf(ex))?.publish(event));
}

/**
 * Bus messages for the server processes themselves: a type starting so is never sent to a client
 * (a module subscribes to its own, as the chat does to forget cached members).
 */
export const SERVER_MESSAGE_PREFIX = 'server.';

/**
 * A control message on the bus, never sent to a client: every process's socket hub closes the
 * sockets of the ended sessions (code 4401), so a signed-out or deactivated user stops hearing.
 */
export const SESSIONS_ENDED = 'sessions.ended';
export interface SessionsEndedData {
  /** Only these tokens' sockets; every socket of the user when absent. */
  token_ids?: number[];
  /** Every socket of the user but this token's (a password change keeps the session making it). */
  except_token_id?: number;
}

/** Closes, once `ex` commits, the sockets of a user's ended sessions, in every process. */
export function endSocketSessions(
  ex: Executor,
  end: { userId: number; tokenIds?: number[]; exceptTokenId?: number },
): void {
  const data: SessionsEndedData = {
    ...(end.tokenIds && { token_ids: end.tokenIds }),
    ...(end.exceptTokenId !== undefined && { except_token_id: end.exceptTokenId }),
  };
  publishAfterCommit(ex, { users: [end.userId], message: { type: SESSIONS_ENDED, data } });
}

/** Whether a bus message is for the servers only (never delivered to a socket). */
export const isServerMessage = (type: string): boolean =>
  type === SESSIONS_ENDED || type.startsWith(SERVER_MESSAGE_PREFIX);

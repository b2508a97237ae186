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

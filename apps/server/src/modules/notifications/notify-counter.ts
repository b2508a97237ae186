import type { SocketMessage } from '@app/shared';
import { afterCommit, rootOf } from '../../db/after-commit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { publishAfterCommit } from '../../platform/realtime/event-bus.ts';
import { notificationsRepository as repo } from './notifications.repository.ts';

/** A socket message for one user that carries their unread count, built once the count is known. */
export interface CountedEvent {
  userId: number;
  message: (notifyCounter: number) => SocketMessage;
}

/**
 * The socket events that carry `notify_counter` (a notification, a read) are counted after the
 * commit, not in the transaction that caused them: read in it (READ COMMITTED), two notifications
 * committing at once would each count their own row alone and both publish 1. Per database, one
 * count runs at a time over everything committed so far (one grouped query for a whole batch of
 * reminders), and the events go out in the order they came: the last event a user gets in this
 * process was counted after every commit before it, so the bell ends on the true count. (Several
 * processes publish their own counts, each true when read; their order on the bus is the bus's.)
 */
class CounterPublisher {
  readonly #db: Db;
  #waiting: CountedEvent[] = [];
  #draining: Promise<void> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Queues `events`; answers the drain it started (its failure to report), undefined when one was under way. */
  add(events: readonly CountedEvent[]): Promise<void> | undefined {
    this.#waiting.push(...events);
    if (this.#draining) return undefined;
    this.#draining = this.#drain();
    return this.#draining;
  }

  async #drain(): Promise<void> {
    // Waits for the turn's other commits, so they share one count.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let failure: unknown = null;
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0);
        try {
          const counts = await repo.countUnreadOf(this.#db, [...new Set(batch.map((e) => e.userId))]);
          for (const e of batch)
            publishAfterCommit(this.#db, {
              users: [e.userId],
              message: e.message(counts.get(e.userId) ?? 0),
            });
        } catch (err) {
          // This batch is not sent (the database is gone, or closing); the next ones still are.
          failure ??= err;
        }
      }
    } finally {
      this.#draining = null;
    }
    if (failure) throw failure;
  }
}

const publishers = new WeakMap<Db, CounterPublisher>();

/** Publishes `events` once `ex` commits (never after a rollback), each with its user's unread count read then. */
export function publishCounted(ex: Executor, events: readonly CountedEvent[]): void {
  if (events.length === 0) return;
  // The hook returns the count's promise (once per drain): afterCommit reports a failure.
  afterCommit(ex, () => {
    const db = rootOf(ex);
    let publisher = publishers.get(db);
    if (!publisher) {
      publisher = new CounterPublisher(db);
      publishers.set(db, publisher);
    }
    return publisher.add(events);
  });
}

import type { NotificationCounter, NotificationListQuery, NotificationReadEventData } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { toNotification, toNotificationEvent } from './notifications.mappers.ts';
import { type NotificationRow, notificationsRepository as repo } from './notifications.repository.ts';
import { publishCounted } from './notify-counter.ts';

/** What a notification says; `data` lets the web link it to its record. */
export interface NotificationMessage {
  /** `NewRequest`, ... */
  type: string;
  title: string;
  data: Record<string, unknown>;
}

const TITLE_MAX = 300;
/** Rows per insert: 4 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 2000;

/** One notification for several users (a duplicate id is stored once). */
export interface NotificationItem {
  userIds: readonly number[];
  message: NotificationMessage;
}

/**
 * Stores one unread notification per user, in the caller's transaction, so it exists exactly when
 * the change that caused it does; duplicate ids are stored once. Each addressee's sockets hear of
 * it (`notification`, with their unread count) once that transaction commits, and never after a
 * rollback. The header counter (`notify_counter`) is the count of unread rows, read after the
 * commit (`notify-counter.ts`).
 */
export async function notify(
  ex: Executor,
  userIds: readonly number[],
  message: NotificationMessage,
): Promise<void> {
  await notifyMany(ex, [{ userIds, message }]);
}

/**
 * `notify` for many notifications at once (a batch of reminders): one insert, and after the commit
 * one grouped count of the addressees' unread rows, then each notification to its addressee.
 */
export async function notifyMany(ex: Executor, items: readonly NotificationItem[]): Promise<void> {
  const values = items.flatMap(({ userIds, message }) =>
    [...new Set(userIds)].map((user_id) => ({
      user_id,
      type: message.type,
      title: message.title.slice(0, TITLE_MAX),
      data: message.data,
    })),
  );
  const rows: NotificationRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK)
    rows.push(...(await repo.insertMany(ex, values.slice(i, i + INSERT_CHUNK))));
  publishCounted(
    ex,
    rows.map((row) => ({
      userId: row.user_id,
      message: (counter) => ({ type: 'notification', data: toNotificationEvent(row, counter) }),
    })),
  );
}

/** Every tab of the user moves its counter when notifications are read in one of them (the count read after the commit). */
function publishRead(ex: Executor, userId: number, id: number | null): void {
  publishCounted(ex, [
    {
      userId,
      message: (counter) => ({
        type: 'notification.read',
        data: { id, notify_counter: counter } satisfies NotificationReadEventData,
      }),
    },
  ]);
}

export function createNotificationsService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    /** The caller's own notifications, newest first; the meta carries their unread count. */
    async list(ctx: Ctx, q: NotificationListQuery) {
      const { rows, total, unread } = await repo.list(db, {
        userId: ctx.user.id,
        unread: q.unread,
        limit: q.limit,
        offset: q.offset,
      });
      return { data: rows.map(toNotification), meta: { total, limit: q.limit, offset: q.offset, unread } };
    },

    /** Marks one of the caller's notifications read (again is harmless); another's is not found. */
    async markRead(ctx: Ctx, id: number): Promise<NotificationCounter> {
      return db.transaction(async (tx) => {
        const result = await repo.markRead(tx, ctx.user.id, id, now());
        if (!result) throw AppError.notFound('Notification');
        const counter = await repo.countUnread(tx, ctx.user.id);
        if (result.changed) publishRead(tx, ctx.user.id, id);
        return { notify_counter: counter };
      });
    },

    async markAllRead(ctx: Ctx): Promise<NotificationCounter> {
      return db.transaction(async (tx) => {
        const changed = await repo.markAllRead(tx, ctx.user.id, now());
        const counter = await repo.countUnread(tx, ctx.user.id);
        if (changed > 0) publishRead(tx, ctx.user.id, null);
        return { notify_counter: counter };
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

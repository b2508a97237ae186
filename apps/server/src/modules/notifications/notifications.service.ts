import type { NotificationCounter, NotificationListQuery, NotificationReadEventData } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/event-bus.ts';
import { toNotification, toNotificationEvent } from './notifications.mappers.ts';
import { notificationsRepository as repo } from './notifications.repository.ts';

/** What a notification says; `data` lets the web link it to its record. */
export interface NotificationMessage {
  /** `NewRequest`, ... */
  type: string;
  title: string;
  data: Record<string, unknown>;
}

const TITLE_MAX = 300;

/**
 * Stores one unread notification per user, in the caller's transaction, so it exists exactly when
 * the change that caused it does; duplicate ids are stored once. Each addressee's sockets hear of
 * it (`notification`, with their unread count) once that transaction commits, and never after a
 * rollback. The header counter (`notify_counter`) is the count of unread rows.
 */
export async function notify(
  ex: Executor,
  userIds: readonly number[],
  message: NotificationMessage,
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const rows = await repo.insertMany(
    ex,
    ids.map((user_id) => ({
      user_id,
      type: message.type,
      title: message.title.slice(0, TITLE_MAX),
      data: message.data,
    })),
  );
  const unread = await repo.countUnreadOf(ex, ids);
  for (const row of rows) {
    publishAfterCommit(ex, {
      users: [row.user_id],
      message: { type: 'notification', data: toNotificationEvent(row, unread.get(row.user_id) ?? 1) },
    });
  }
}

/** Every tab of the user moves its counter when notifications are read in one of them. */
function publishRead(ex: Executor, userId: number, data: NotificationReadEventData): void {
  publishAfterCommit(ex, { users: [userId], message: { type: 'notification.read', data } });
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
        if (result.changed) publishRead(tx, ctx.user.id, { id, notify_counter: counter });
        return { notify_counter: counter };
      });
    },

    async markAllRead(ctx: Ctx): Promise<NotificationCounter> {
      return db.transaction(async (tx) => {
        const changed = await repo.markAllRead(tx, ctx.user.id, now());
        const counter = await repo.countUnread(tx, ctx.user.id);
        if (changed > 0) publishRead(tx, ctx.user.id, { id: null, notify_counter: counter });
        return { notify_counter: counter };
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from './notifications.table.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

export interface NotificationFilter {
  userId: number;
  /** true: unread only; false: read only; absent: both. */
  unread?: boolean | undefined;
  limit: number;
  offset: number;
}

function readCondition(unread: boolean | undefined): SQL | undefined {
  if (unread === undefined) return undefined;
  return unread ? isNull(notifications.read_at) : isNotNull(notifications.read_at);
}

const unreadOf = (userId: number) => and(eq(notifications.user_id, userId), isNull(notifications.read_at));

export const notificationsRepository = {
  async insertMany(ex: Executor, values: NotificationInsert[]): Promise<NotificationRow[]> {
    if (values.length === 0) return [];
    return ex.insert(notifications).values(values).returning();
  },

  /** Newest first, with the total of the filter and the user's unread count. */
  async list(
    ex: Executor,
    f: NotificationFilter,
  ): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
    const where = and(eq(notifications.user_id, f.userId), readCondition(f.unread));
    const [rows, totals, unread] = await Promise.all([
      ex
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.created_at), desc(notifications.id))
        .limit(f.limit)
        .offset(f.offset),
      ex.select({ n: count() }).from(notifications).where(where),
      ex.select({ n: count() }).from(notifications).where(unreadOf(f.userId)),
    ]);
    return { rows, total: totals[0]?.n ?? 0, unread: unread[0]?.n ?? 0 };
  },

  async countUnread(ex: Executor, userId: number): Promise<number> {
    const rows = await ex.select({ n: count() }).from(notifications).where(unreadOf(userId));
    return rows[0]?.n ?? 0;
  },

  /** Unread counts of several users in one query (a user without unread rows is absent). */
  async countUnreadOf(ex: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await ex
      .select({ userId: notifications.user_id, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.user_id, [...userIds]), isNull(notifications.read_at)))
      .groupBy(notifications.user_id);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  /**
   * Marks one of the user's notifications read (an already read one keeps its time); null when
   * it is not theirs or does not exist. `changed` says whether it was unread until now.
   */
  async markRead(ex: Executor, userId: number, id: number, at: Date): Promise<{ changed: boolean } | null> {
    const mine = and(eq(notifications.id, id), eq(notifications.user_id, userId));
    const updated = await ex
      .update(notifications)
      .set({ read_at: at })
      .where(and(mine, isNull(notifications.read_at)))
      .returning({ id: notifications.id });
    if (updated.length > 0) return { changed: true };
    const found = await ex.select({ id: notifications.id }).from(notifications).where(mine);
    return found.length > 0 ? { changed: false } : null;
  },

  /** Marks every unread notification of the user read; answers how many were. */
  async markAllRead(ex: Executor, userId: number, at: Date): Promise<number> {
    const rows = await ex
      .update(notifications)
      .set({ read_at: at })
      .where(unreadOf(userId))
      .returning({ id: notifications.id });
    return rows.length;
  },
};

import type { Executor } from '../../db/client.ts';
import { notifications } from './notifications.table.ts';

/** What a notification says; `data` lets the web link it to its record. */
export interface NotificationMessage {
  /** `NewRequest`, ... */
  type: string;
  title: string;
  data: Record<string, unknown>;
}

/**
 * Stores one unread notification per user, in the caller's transaction, so it exists exactly when
 * the change that caused it does. Duplicate ids are stored once. Delivery over the socket comes
 * with the realtime issue; the header counter (`notify_counter`) counts the unread rows.
 */
export async function notify(
  ex: Executor,
  userIds: readonly number[],
  message: NotificationMessage,
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await ex.insert(notifications).values(
    ids.map((user_id) => ({
      user_id,
      type: message.type,
      title: message.title.slice(0, 300),
      data: message.data,
    })),
  );
}

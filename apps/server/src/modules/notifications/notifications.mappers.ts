import type { Notification, NotificationEventData } from '@app/shared';
import type { NotificationRow } from './notifications.repository.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    data: (row.data ?? {}) as Record<string, unknown>,
    read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The socket's `notification` event for the row's addressee, with their unread count after it. */
export function toNotificationEvent(row: NotificationRow, notifyCounter: number): NotificationEventData {
  return { ...toNotification(row), notify_counter: notifyCounter };
}

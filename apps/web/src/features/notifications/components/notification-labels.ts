import {
  CHAT_NOTIFY_TYPES,
  type Notification,
  type NotificationType,
} from '@app/shared/notifications/notifications.schemas';

/** How each kind of notification is named on the page and in its notice. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  NewTask: 'New task',
  NewRequest: 'New request',
  NewEmail: 'New email',
  TaskDeadline: 'Task deadline',
  TaskOverdue: 'Task overdue',
  PaymentDeadline: 'Payment deadline',
  PaymentOverdue: 'Payment overdue',
};

export function notificationLabel(type: string | undefined): string {
  if (!type) return 'Notification';
  return NOTIFICATION_TYPE_LABELS[type as NotificationType] ?? type;
}

/** Spec 9: the chat's notices for tasks, requests and emails stay on screen until closed. */
export function isStickyNotice(type: string | undefined): boolean {
  return (CHAT_NOTIFY_TYPES as readonly string[]).includes(type ?? '');
}

/** Overdue notices are warnings; the rest are news. */
export function isWarningNotice(type: string | undefined): boolean {
  return type === 'TaskOverdue' || type === 'PaymentOverdue';
}

const positiveId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The page of the record a notification is about, from its `data`; null when it names none. */
export function notificationLink(notification: Pick<Notification, 'data'>): string | null {
  const { data } = notification;
  const task = positiveId(data.task_id);
  if (task) return `/tasks?task=${task}`;
  const request = positiveId(data.request_id);
  if (request) return `/requests/${request}`;
  const client = positiveId(data.client_id);
  if (client) return `/directory/clients/${client}`;
  return null;
}

/**
 * A notification's title without the name of its kind in front ("New task: Call Ann" is "Call
 * Ann" under the label "New task"), so the label is not said twice.
 */
export function notificationText(type: string | undefined, title: string | undefined): string {
  const text = (title ?? '').trim();
  const label = notificationLabel(type);
  const prefix = `${label.toLowerCase()}:`;
  if (!text.toLowerCase().startsWith(prefix)) return text;
  return text.slice(prefix.length).trim() || text;
}

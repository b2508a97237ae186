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
  // a NewEmail names the message (and perhaps its client): the message is what it is about
  const message = positiveId(data.message_id);
  if (message) return `/mail?message=${message}`;
  const task = positiveId(data.task_id);
  if (task) return `/tasks?task=${task}`;
  const request = positiveId(data.request_id);
  if (request) return `/requests/${request}`;
  const client = positiveId(data.client_id);
  if (client) return `/directory/clients/${client}`;
  return null;
}

/**
 * Titles the server writes with more than the kind in front (modules/tasks/task-reminders.ts,
 * modules/requests/deadline-reminders.ts, the mail agent): the front part, said better than the
 * kind's own name, becomes the label ("Task due within a day"), or is dropped ("New email").
 */
const KNOWN_PREFIXES: Partial<Record<NotificationType, { pattern: RegExp; label: boolean }>> = {
  TaskDeadline: { pattern: /^(task due [^:]+):\s*/i, label: true },
  PaymentDeadline: { pattern: /^(payment due [^:]+):\s*/i, label: true },
  NewEmail: { pattern: /^new email\s+(?=from\s)/i, label: false },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface NotificationHeading {
  /** The kind, or what the title says of it ("Task due within a day"). */
  label: string;
  /** The title without the kind in front; the label when nothing else is left. */
  text: string;
}

/**
 * A notification as the page and its notice show it: a label above and the title below, the kind
 * said once ("New task: Call Ann" is "Call Ann" under "New task"; "Task due within a day: Call
 * Ann" is "Call Ann" under "Task due within a day"; "New email from Ann: Dates" is "From Ann:
 * Dates" under "New email").
 */
export function notificationHeading(
  type: string | undefined,
  title: string | undefined,
): NotificationHeading {
  const text = (title ?? '').trim();
  const label = notificationLabel(type);
  const known = KNOWN_PREFIXES[type as NotificationType];
  const match = known?.pattern.exec(text);
  if (known && match) {
    const rest = text.slice(match[0].length).trim();
    if (rest) {
      return {
        label: known.label && match[1] ? capitalised(match[1].trim()) : label,
        text: capitalised(rest),
      };
    }
  }
  const prefix = `${label.toLowerCase()}:`;
  if (text.toLowerCase().startsWith(prefix)) {
    const rest = text.slice(prefix.length).trim();
    if (rest) return { label, text: rest };
  }
  return { label, text: text || label };
}

import type { Notification } from '@app/shared/notifications/notifications.schemas';
import { toast } from '../../../ui/toasts/toast-store.ts';
import {
  isStickyNotice,
  isWarningNotice,
  notificationHeading,
  notificationLink,
} from './notification-labels.ts';

/** A `notification` event's data: the stored notification, and the unread count when the server adds it. */
export type NotificationEvent = Partial<Notification> & { notify_counter?: number };

/**
 * The notice of type notify (spec 3, 4 and 9): titled by its kind, saying the notification's
 * title. NewTask, NewRequest and NewEmail stay until closed; the others leave after 5000 ms. A
 * notice about a record (a task, a request, a client) offers to open it: `open` goes there.
 */
export function raiseNotificationNotice(event: NotificationEvent, open?: (link: string) => void): void {
  const { label, text } = notificationHeading(event.type, typeof event.title === 'string' ? event.title : '');
  const link =
    open && event.data && typeof event.data === 'object' ? notificationLink({ data: event.data }) : null;
  const options = {
    sticky: isStickyNotice(event.type),
    ...(link && open ? { action: { label: 'Open', onClick: () => open(link) } } : {}),
  };
  const show = isWarningNotice(event.type) ? toast.warning : toast.info;
  if (text !== label) show(text, label, options);
  else show(label, undefined, options);
}

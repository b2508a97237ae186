import { z } from 'zod';
import { ListQuerySchema, QueryBoolean } from '../api/envelope.ts';

/**
 * Notice types the chat shows as `notify` toasts that stay until closed (spec 3 and 9); the
 * reminders raise the deadline types.
 */
export const NOTIFICATION_TYPES = [
  'NewTask',
  'NewRequest',
  'NewEmail',
  'TaskDeadline',
  'TaskOverdue',
  'PaymentDeadline',
  'PaymentOverdue',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const CHAT_NOTIFY_TYPES = ['NewTask', 'NewRequest', 'NewEmail'] as const;

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** What the web links the notice to (`task_id`, `request_id`, `message_id`, ...). */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true }).shape,
  unread: QueryBoolean.optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** The list's meta carries the unread count, so the bell and the page agree after any change. */
export const NotificationListMetaSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  unread: z.number().int(),
});

/**
 * The socket's `notification` event: the new notification as the list shows it, with the
 * addressee's unread count once it is stored (the header counter takes it as it is).
 */
export const NotificationEventDataSchema = NotificationSchema.extend({ notify_counter: z.number().int() });
export type NotificationEventData = z.infer<typeof NotificationEventDataSchema>;

/** The socket's `notification.read` event: one (`id`) or all (`id: null`) read, and the count after. */
export const NotificationReadEventDataSchema = z.object({
  id: z.number().int().nullable(),
  notify_counter: z.number().int(),
});
export type NotificationReadEventData = z.infer<typeof NotificationReadEventDataSchema>;

/** Answer of the read calls: the unread count after the change. */
export const NotificationCounterSchema = z.object({ notify_counter: z.number().int() });
export type NotificationCounter = z.infer<typeof NotificationCounterSchema>;

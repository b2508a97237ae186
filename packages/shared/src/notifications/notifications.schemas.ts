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

/** Answer of the read calls: the unread count after the change. */
export const NotificationCounterSchema = z.object({ notify_counter: z.number().int() });
export type NotificationCounter = z.infer<typeof NotificationCounterSchema>;

import type { NotificationListQuery } from '@app/shared/notifications/notifications.schemas';

export type NotificationListParams = Partial<NotificationListQuery>;

export const notificationsKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
};

import type { Notification } from '@app/shared/notifications/notifications.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type NotificationListParams, notificationsKeys } from './notifications-keys.ts';

/** A page of the caller's notifications, newest first; `meta.unread` is the bell's count. */
export interface NotificationPage {
  data: Notification[];
  meta: { total: number; limit: number; offset: number; unread: number };
}

export function listNotifications(
  params: NotificationListParams,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return http.get<NotificationPage>('notifications/', { query: { ...params }, signal });
}

export function useNotifications(params: NotificationListParams) {
  return useQuery({
    queryKey: notificationsKeys.list(params),
    queryFn: ({ signal }) => listNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

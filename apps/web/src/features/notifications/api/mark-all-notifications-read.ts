import type { NotificationCounter } from '@app/shared/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { notificationsKeys } from './notifications-keys.ts';
import { setNotifyCounter } from './notify-counter.ts';

export async function markAllNotificationsRead(): Promise<NotificationCounter> {
  return (await http.post<{ data: NotificationCounter }>('notifications/read-all/')).data;
}

/** Marks every one read; the answer's count (0, or what arrived meanwhile) goes to the bell. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ notify_counter }) => {
      setNotifyCounter(client, notify_counter);
      return client.invalidateQueries({ queryKey: notificationsKeys.lists });
    },
  });
}

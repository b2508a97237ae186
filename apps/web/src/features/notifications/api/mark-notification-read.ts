import type { NotificationCounter } from '@app/shared/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { notificationsKeys } from './notifications-keys.ts';
import { setNotifyCounter } from './notify-counter.ts';

export async function markNotificationRead(id: number): Promise<NotificationCounter> {
  return (await http.post<{ data: NotificationCounter }>(`notifications/${id}/read/`)).data;
}

/** Marks one read; the answer's count goes to the bell. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ notify_counter }) => {
      setNotifyCounter(client, notify_counter);
      return client.invalidateQueries({ queryKey: notificationsKeys.lists });
    },
  });
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtimeStatus, subscribeRealtimeStatus } from '../../../lib/realtime/realtime-connection.ts';
import { subscribeRealtime } from '../../../lib/realtime/realtime-events.ts';
import { fetchCurrentUser, setCurrentUser } from '../../../lib/session/current-user.ts';
import { notificationsKeys } from '../api/notifications-keys.ts';
import { bumpNotifyCounter, setNotifyCounter } from '../api/notify-counter.ts';
import { type NotificationEvent, raiseNotificationNotice } from './notification-notice.ts';

export function onNotificationEvent(client: QueryClient, event: NotificationEvent): void {
  if (typeof event.notify_counter === 'number') setNotifyCounter(client, event.notify_counter);
  else bumpNotifyCounter(client);
  void client.invalidateQueries({ queryKey: notificationsKeys.all });
  raiseNotificationNotice(event);
}

/**
 * Inside the authenticated shell: each `notification` event moves the bell (the server's count
 * when it sends one, else one more), refreshes the notifications page and raises its notice.
 * After the socket comes back from a drop, the count is read again: events sent while it was
 * down are lost.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime<NotificationEvent>('notification', (event) => {
        if (event && typeof event === 'object') onNotificationEvent(client, event);
      }),
    [client],
  );

  useEffect(() => {
    let dropped = false;
    return subscribeRealtimeStatus(() => {
      const status = realtimeStatus();
      if (status === 'disconnected') dropped = true;
      if (status !== 'connected' || !dropped) return;
      dropped = false;
      void client.invalidateQueries({ queryKey: notificationsKeys.all });
      fetchCurrentUser({ quiet: true, ignoreLoading: true }).then(
        (user) => setCurrentUser(client, user),
        () => {}, // the next call that fails says so; the bell keeps its count meanwhile
      );
    });
  }, [client]);
}

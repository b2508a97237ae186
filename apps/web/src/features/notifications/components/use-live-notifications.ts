import type { NotificationReadEventData } from '@app/shared/notifications/notifications.schemas';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { subscribeRealtime } from '../../../lib/realtime/realtime-events.ts';
import { fetchCurrentUser, setCurrentUser } from '../../../lib/session/current-user.ts';
import { notificationsKeys } from '../api/notifications-keys.ts';
import { bumpNotifyCounter, setNotifyCounter } from '../api/notify-counter.ts';
import { type NotificationEvent, raiseNotificationNotice } from './notification-notice.ts';

export function onNotificationEvent(
  client: QueryClient,
  event: NotificationEvent,
  open?: (link: string) => void,
): void {
  if (typeof event.notify_counter === 'number') setNotifyCounter(client, event.notify_counter);
  else bumpNotifyCounter(client);
  void client.invalidateQueries({ queryKey: notificationsKeys.all });
  raiseNotificationNotice(event, open);
}

/** Read in another tab (or by mark all read there): the count follows, the page refreshes. */
export function onNotificationReadEvent(
  client: QueryClient,
  event: Partial<NotificationReadEventData>,
): void {
  if (typeof event.notify_counter === 'number') setNotifyCounter(client, event.notify_counter);
  void client.invalidateQueries({ queryKey: notificationsKeys.all });
}

/**
 * Inside the authenticated shell: each `notification` event moves the bell (to the server's count
 * when it sends one, else one more), refreshes the notifications page and raises its notice (with
 * "Open" when it is about a record); `notification.read` moves the bell down. When the socket is
 * accepted again after a drop (`socket.ready` after the first), the count is read again: events
 * sent meanwhile are lost.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let readyBefore = false;
    const open = (link: string) => void navigate(link);
    const offNew = subscribeRealtime<NotificationEvent>('notification', (event) => {
      if (event && typeof event === 'object') onNotificationEvent(client, event, open);
    });
    const offRead = subscribeRealtime<Partial<NotificationReadEventData>>('notification.read', (event) => {
      if (event && typeof event === 'object') onNotificationReadEvent(client, event);
    });
    const offReady = subscribeRealtime('socket.ready', () => {
      if (!readyBefore) {
        readyBefore = true; // the page has just read the user and its count
        return;
      }
      void client.invalidateQueries({ queryKey: notificationsKeys.all });
      fetchCurrentUser({ quiet: true, ignoreLoading: true }).then(
        (user) => setCurrentUser(client, user),
        () => {}, // the next call that fails says so; the bell keeps its count meanwhile
      );
    });
    return () => {
      offNew();
      offRead();
      offReady();
    };
  }, [client, navigate]);
}

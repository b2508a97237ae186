import type { CurrentUser } from '@app/shared/users/user.schemas';
import { useLiveNotifications } from '../../features/notifications/components/use-live-notifications.ts';
import { useChatNotices } from '../../lib/realtime/chat-notices.ts';
import { useRealtimeConnection } from '../../lib/realtime/realtime-connection.ts';

/**
 * The socket while someone is signed in (spec 4 and 7), and what the shell does with its events:
 * the bell and the notify notices, and the message notices for channels that are not open. The
 * chat's own views subscribe to their events themselves.
 */
export function useLiveUpdates(user: CurrentUser): void {
  useLiveNotifications();
  useChatNotices(user.id);
  useRealtimeConnection();
}

import type { CurrentUser } from '@app/shared/users/user.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../../lib/session/current-user.ts';

/**
 * The header bell reads `notify_counter` of the signed-in user kept in the query cache; these
 * move it without asking the server for the whole user again.
 */
export function setNotifyCounter(client: QueryClient, count: number): void {
  client.setQueryData<CurrentUser>(currentUserKey, (user) =>
    user && user.notify_counter !== count ? { ...user, notify_counter: Math.max(0, count) } : user,
  );
}

export function bumpNotifyCounter(client: QueryClient, by = 1): void {
  client.setQueryData<CurrentUser>(currentUserKey, (user) =>
    user ? { ...user, notify_counter: user.notify_counter + by } : user,
  );
}

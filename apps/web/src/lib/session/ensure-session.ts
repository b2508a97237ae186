import type { QueryClient } from '@tanstack/react-query';
import { fetchCurrentUser, setCurrentUser } from './current-user.ts';
import { logout } from './logout.ts';
import { checkSession } from './session-check.ts';

let pending: Promise<boolean> | null = null;

/**
 * Runs the session check of spec 4 once for everyone who asks at the same time (the guard and
 * the recovery page can both need the user after a reload).
 */
export function ensureSession(client: QueryClient): Promise<boolean> {
  pending ??= checkSession({
    // failures are silent here: the check retries, then signs out
    fetchUser: () => fetchCurrentUser({ quiet: true, skipAuthRedirect: true }),
    onSuccess: (user) => setCurrentUser(client, user),
    logout: () => void logout(),
  }).finally(() => {
    pending = null;
  });
  return pending;
}

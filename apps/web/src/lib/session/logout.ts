import { http } from '../http/http-client.ts';
import { clearListFilters } from '../navigation/list-filters.ts';
import { stopRealtime } from '../realtime/realtime-connection.ts';
import { clearAccessToken, getAccessToken } from './access-token.ts';

export const LOGIN_PATH = '/login';

/** Full navigation to /login: the page reloads, which also clears every in-memory cache. */
export function reloadToLogin(): void {
  window.location.assign(LOGIN_PATH);
}

/**
 * Spec 4: remove the token, forget the user, go to /login and reload. Saved list filters belong
 * to the person leaving; the visited-URL history lives in memory and goes with the reload.
 */
export function clearSessionAndReload(): void {
  stopRealtime(); // no reconnecting with a token that is gone while the page reloads
  clearAccessToken();
  clearListFilters();
  reloadToLogin();
}

let loggingOut = false;

/** Logout: tell the server (best effort), then clear the session locally. */
export async function logout(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    if (getAccessToken()) {
      await http.post('auth/token/logout/', undefined, { quiet: true, skipAuthRedirect: true });
    }
  } catch {
    // the token is dropped locally whatever the server says
  } finally {
    clearSessionAndReload();
  }
}

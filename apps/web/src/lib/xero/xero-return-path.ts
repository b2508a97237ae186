import { XERO_CALLBACK_PATH } from '@app/shared/xero/xero.schemas';

/**
 * Connecting leaves the app for Xero's consent page; the page the person was on is kept for the
 * tab (sessionStorage) so the callback page can bring them back to it.
 */
const KEY = 'xero.returnTo';

/** Only a path of this app: never another origin (`//evil`), never the callback page itself. */
function isAppPath(path: string | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith(XERO_CALLBACK_PATH);
}

export function rememberXeroReturnPath(path: string): void {
  try {
    if (isAppPath(path)) sessionStorage.setItem(KEY, path);
  } catch {
    // storage refused (private mode): the callback page goes to its default
  }
}

/** The remembered path, once (it is forgotten as it is read), else `fallback`. */
export function takeXeroReturnPath(fallback: string): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return isAppPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

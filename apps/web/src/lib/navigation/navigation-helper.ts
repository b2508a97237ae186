import { loadListFilters, saveListFilters } from './list-filters.ts';

/**
 * Spec 2.4: records visited URLs and goes back; falls back to a given URL when there is no
 * history; returns to a list page with its saved filters restored from local storage.
 */
const MAX_HISTORY = 50;

export type Navigate = (url: string) => void;

export interface RecordOptions {
  /** The navigation replaced the current history entry (a redirect) instead of adding one. */
  replace?: boolean;
}

export interface NavigationHelper {
  /** Called on every completed navigation with the full URL (path + search + hash). */
  record(url: string, options?: RecordOptions): void;
  back(fallbackUrl: string): void;
  /** Saves the filters of a list page so `backToList` can restore them. */
  saveListFilters(listPath: string, params: URLSearchParams | Record<string, string>): void;
  backToList(listPath: string): void;
  listUrl(listPath: string): string;
  history(): readonly string[];
}

export interface NavigationHelperOptions {
  /** Paths never recorded: the signed-out pages (the app passes its public routes). */
  publicPaths?: readonly string[];
  storage?: Storage;
}

export function createNavigationHelper(
  navigate: Navigate,
  { publicPaths = [], storage = localStorage }: NavigationHelperOptions = {},
): NavigationHelper {
  const unrecorded = new Set(publicPaths);
  /** Back never leads to the empty path (it only redirects by role) nor to the signed-out pages. */
  const isRecordable = (url: string) => {
    const path = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
    return path !== '' && !unrecorded.has(path);
  };
  let stack: string[] = [];
  // whether the browser's current entry is the top of the stack (false after an unrecorded page)
  let currentOnTop = false;

  const listUrl = (listPath: string) => {
    const saved = loadListFilters(listPath, storage);
    return saved ? `${listPath}?${saved}` : listPath;
  };

  return {
    record(url, { replace = false } = {}) {
      // a redirect takes the place of the entry it replaces, as it does in the browser's history
      if (replace && currentOnTop) stack = stack.slice(0, -1);
      currentOnTop = isRecordable(url);
      if (!currentOnTop || stack[stack.length - 1] === url) return;
      stack = [...stack, url].slice(-MAX_HISTORY);
    },
    back(fallbackUrl) {
      if (stack.length > 1) {
        stack = stack.slice(0, -1);
        // the navigation records this URL again; record() skips it as it is already on top
        navigate(stack[stack.length - 1] as string);
      } else {
        navigate(fallbackUrl);
      }
    },
    saveListFilters: (listPath, params) => saveListFilters(listPath, params, storage),
    backToList(listPath) {
      navigate(listUrl(listPath));
    },
    listUrl,
    history: () => stack,
  };
}

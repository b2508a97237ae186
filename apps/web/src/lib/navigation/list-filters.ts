/**
 * Saved filters of list pages (spec 2.4): a list saves its query string here, and the
 * navigation helper restores it when it returns to that list.
 */
export const LIST_FILTERS_PREFIX = 'listFilters:';

export function saveListFilters(
  listPath: string,
  params: URLSearchParams | Record<string, string>,
  storage: Storage = localStorage,
): void {
  const search = new URLSearchParams(params);
  for (const key of [...search.keys()]) if (search.get(key) === '') search.delete(key);
  const text = search.toString();
  try {
    if (text) storage.setItem(LIST_FILTERS_PREFIX + listPath, text);
    else storage.removeItem(LIST_FILTERS_PREFIX + listPath);
  } catch {
    // without storage the list simply opens unfiltered
  }
}

export function loadListFilters(listPath: string, storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(LIST_FILTERS_PREFIX + listPath);
  } catch {
    return null;
  }
}

/** Forgets every list's saved filters, so the next person signing in on this browser starts clean. */
export function clearListFilters(storage: Storage = localStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(LIST_FILTERS_PREFIX)) storage.removeItem(key);
  } catch {
    // without storage nothing was saved
  }
}

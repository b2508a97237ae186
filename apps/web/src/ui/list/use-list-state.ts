import { DEFAULT_LIMIT } from '@app/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigationHelper } from '../../lib/navigation/use-navigation-helper.ts';
import { type ListState, parseListState, serializeListState } from './list-params.ts';

export interface ListStateOptions {
  /** The list's own path, the key its filters are saved under (`/directory/clients`). */
  listPath: string;
  /** Filter parameters this list understands; anything else in the URL is ignored. */
  filterKeys: readonly string[];
  defaultOrdering?: string;
  defaultPageSize?: number;
  /**
   * Filters kept in the URL but never saved (a point in time, such as a report's as-of day): the
   * list opened again from the navigation starts without them.
   */
  unsavedKeys?: readonly string[];
}

export interface ListStateApi {
  state: ListState;
  /** Changing search or a filter goes back to page 1; paging and sorting keep the filters. */
  setSearch: (search: string) => void;
  setFilter: (key: string, value: string | null | undefined) => void;
  /** Several filters in one step (both ends of a range): one URL change, one request. */
  setFilters: (patch: Readonly<Record<string, string | null | undefined>>) => void;
  setOrdering: (ordering: string | undefined) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  reset: () => void;
  /** Whether any search or filter is applied (for the empty state and the reset button). */
  filtered: boolean;
}

/** The query to save: the URL's, less the keys that are not to be remembered. */
function toSave(search: URLSearchParams, unsaved: readonly string[] | undefined): URLSearchParams {
  if (!unsaved?.length) return search;
  const kept = new URLSearchParams(search);
  for (const key of unsaved) kept.delete(key);
  return kept;
}

function savedParams(listUrl: string): URLSearchParams | null {
  const at = listUrl.indexOf('?');
  return at === -1 ? null : new URLSearchParams(listUrl.slice(at + 1));
}

/**
 * List state kept in the URL (shareable, survives reload) and saved through the navigation
 * helper (spec 2.4), so opening the list again without a query brings the last filters back.
 */
export function useListState(options: ListStateOptions): ListStateApi {
  const { listPath, filterKeys, defaultOrdering, defaultPageSize, unsavedKeys } = options;
  const helper = useNavigationHelper();
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(
    () => ({ ordering: defaultOrdering, pageSize: defaultPageSize }),
    [defaultOrdering, defaultPageSize],
  );

  // Decided once, on arrival: a bare URL takes the saved filters; a URL with a query wins.
  const restoreRef = useRef<URLSearchParams | null | undefined>(undefined);
  if (restoreRef.current === undefined) {
    restoreRef.current = params.size === 0 ? savedParams(helper.listUrl(listPath)) : null;
  }
  const restoring = restoreRef.current;
  const effective = restoring ?? params;

  useEffect(() => {
    if (restoring) {
      setParams(restoring, { replace: true });
      restoreRef.current = null;
    }
  }, [restoring, setParams]);

  const keysKey = filterKeys.join(',');
  const unsavedRef = useRef(unsavedKeys);
  unsavedRef.current = unsavedKeys;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keysKey stands for filterKeys' content
  const state = useMemo(
    () => parseListState(effective, filterKeys, defaults),
    [effective, keysKey, defaults],
  );

  const commit = useCallback(
    (next: ListState) => {
      const search = serializeListState(next, defaults);
      helper.saveListFilters(listPath, toSave(search, unsavedRef.current));
      setParams(search, { replace: true });
    },
    [defaults, helper, listPath, setParams],
  );

  // The URL is the truth: whatever it shows (a shared link, a nav click to the bare list) is what
  // the list remembers for next time.
  const savedText = toSave(serializeListState(state, defaults), unsavedKeys).toString();
  useEffect(() => {
    if (!restoring) helper.saveListFilters(listPath, new URLSearchParams(savedText));
  }, [helper, listPath, restoring, savedText]);

  return useListApi(state, commit, defaults.ordering);
}

/**
 * List state held in the component only, for a list that shares its page with another one (the
 * regions under the users): paging, sorting and filters work the same, but nothing goes in the URL.
 */
export function useLocalListState(
  options: Pick<ListStateOptions, 'defaultOrdering' | 'defaultPageSize'> = {},
): ListStateApi {
  const { defaultOrdering, defaultPageSize } = options;
  const [state, setState] = useState<ListState>(() => ({
    page: 1,
    pageSize: defaultPageSize ?? DEFAULT_LIMIT,
    ordering: defaultOrdering,
    search: '',
    filters: {},
  }));
  return useListApi(state, setState, defaultOrdering);
}

/** The changes every list offers, over however its state is kept (`commit`). */
function useListApi(
  state: ListState,
  commit: (next: ListState) => void,
  defaultOrdering: string | undefined,
): ListStateApi {
  const stateRef = useRef(state);
  stateRef.current = state;

  const update = useCallback(
    (patch: Partial<ListState>) => commit({ ...stateRef.current, ...patch }),
    [commit],
  );

  const setFilters = useCallback(
    (patch: Readonly<Record<string, string | null | undefined>>) => {
      const filters = { ...stateRef.current.filters };
      for (const [key, value] of Object.entries(patch)) {
        if (value) filters[key] = value;
        else delete filters[key];
      }
      update({ filters, page: 1 });
    },
    [update],
  );

  return {
    state,
    setSearch: useCallback((search) => update({ search, page: 1 }), [update]),
    setFilter: useCallback((key, value) => setFilters({ [key]: value }), [setFilters]),
    setFilters,
    setOrdering: useCallback((ordering) => update({ ordering, page: 1 }), [update]),
    setPage: useCallback((page) => update({ page }), [update]),
    setPageSize: useCallback((pageSize) => update({ pageSize, page: 1 }), [update]),
    reset: useCallback(
      () =>
        commit({
          page: 1,
          pageSize: stateRef.current.pageSize,
          ordering: defaultOrdering,
          search: '',
          filters: {},
        }),
      [commit, defaultOrdering],
    ),
    filtered: state.search.trim() !== '' || Object.keys(state.filters).length > 0,
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PickerFetcher } from './picker-fetcher';
import {
  buildPickerListUrl,
  listIdentity,
  normalizeSearch,
  PICKER_SEARCH_DEBOUNCE_MS,
  type PickerKey,
  type PickerParams,
  readPickerItems,
  takesNoParams,
} from './picker-query';

export interface UsePickerListOptions {
  object: string;
  params?: PickerParams;
  fetcher: PickerFetcher;
  apiBase?: string;
  keyField: string;
  displayField: string;
  /** Chosen keys, sent as `exclude`. */
  excludeKeys: readonly PickerKey[];
  /** The current single value, sent as `id` for suppliers and clients. */
  currentId: PickerKey | null;
  debounceMs?: number;
}

/**
 * The picker's list state (spec sections 4 and 5): fetched when the dropdown opens and only if the
 * endpoint or params changed since the last load; search debounced by 1 s, leading space trimmed,
 * and not resent when the trimmed text is the one last sent.
 */
export function usePickerList<T>(options: UsePickerListOptions) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');

  // Read at call time so the latest selection and params go out without re-creating callbacks.
  const latest = useRef(options);
  latest.current = options;
  const loadedIdentity = useRef<string | null>(null);
  const lastSentSearch = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  const load = useCallback((searchText: string) => {
    const o = latest.current;
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    const url = buildPickerListUrl({
      object: o.object,
      params: o.params,
      excludeKeys: o.excludeKeys,
      search: searchText,
      currentId: o.currentId,
      displayField: o.displayField,
      apiBase: o.apiBase,
    });
    loadedIdentity.current = listIdentity(o.object, o.params);
    lastSentSearch.current = searchText;
    setLoading(true);
    setFailed(false);
    o.fetcher(url, { signal: controller.signal }).then(
      (body) => {
        if (controller.signal.aborted) return;
        // bare values (suppliers/tags) become records keyed and labelled by themselves
        setItems(readPickerItems(body, o.keyField, o.displayField) as T[]);
        setLoading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        // Let the next open try again.
        loadedIdentity.current = null;
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  /** Call when the dropdown opens. */
  const onOpen = useCallback(() => {
    const o = latest.current;
    if (loadedIdentity.current === listIdentity(o.object, o.params)) return;
    load(takesNoParams(o.object) ? '' : normalizeSearch(searchRef.current));
  }, [load]);

  const onSearchChange = useCallback(
    (text: string) => {
      setSearch(text);
      if (timer.current) clearTimeout(timer.current);
      if (takesNoParams(latest.current.object)) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const next = normalizeSearch(text);
        if (next !== lastSentSearch.current) load(next);
      }, latest.current.debounceMs ?? PICKER_SEARCH_DEBOUNCE_MS);
    },
    [load],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  return { items, loading, failed, search, onOpen, onSearchChange };
}

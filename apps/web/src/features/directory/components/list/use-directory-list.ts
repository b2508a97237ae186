import { useMemo } from 'react';
import type { DirectoryArea, RecordOf } from '../../api/directory-areas.ts';
import { useRecordList } from '../../api/list-records.ts';
import { toApiQuery } from './list-params.ts';
import { type ListStateApi, type ListStateOptions, useListState } from './use-list-state.ts';

export interface DirectoryList<T> {
  list: ListStateApi;
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  refetch: () => void;
}

/** A directory list: its state in the URL (and saved), and the page the server answers for it. */
export function useDirectoryList<A extends DirectoryArea>(
  area: A,
  options: ListStateOptions,
): DirectoryList<RecordOf<A>> {
  const list = useListState(options);
  const query = useMemo(() => toApiQuery(list.state), [list.state]);
  const result = useRecordList(area, query);
  return {
    list,
    rows: result.data?.data,
    total: result.data?.meta.total ?? 0,
    loading: result.isPending,
    refreshing: result.isFetching && !result.isPending,
    error: result.error,
    refetch: () => void result.refetch(),
  };
}

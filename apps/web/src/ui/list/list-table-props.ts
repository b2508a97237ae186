import type { DataTableProps } from './data-table.tsx';
import type { ListStateApi } from './use-list-state.ts';

/**
 * What a list query answers (a TanStack Query result over `{ data, meta: { total } }`); above
 * 1,000 matches the directory and requests lists estimate the total and say so (`total_estimated`).
 */
export interface ListQueryResult<T> {
  data: { data: T[]; meta: { total: number; total_estimated?: boolean } } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

type ListTableProps<T> = Pick<
  DataTableProps<T>,
  | 'rows'
  | 'total'
  | 'totalEstimated'
  | 'loading'
  | 'refreshing'
  | 'error'
  | 'onRetry'
  | 'page'
  | 'pageSize'
  | 'ordering'
  | 'onOrderingChange'
  | 'onPageChange'
  | 'onPageSizeChange'
  | 'filtered'
  | 'onResetFilters'
>;

/** The DataTable props that come straight from a list's state and the page the server answered. */
export function listTableProps<T>(list: ListStateApi, result: ListQueryResult<T>): ListTableProps<T> {
  return {
    rows: result.data?.data,
    total: result.data?.meta.total ?? 0,
    totalEstimated: result.data?.meta.total_estimated === true,
    loading: result.isPending,
    refreshing: result.isFetching && !result.isPending,
    error: result.error,
    onRetry: () => void result.refetch(),
    page: list.state.page,
    pageSize: list.state.pageSize,
    ordering: list.state.ordering,
    onOrderingChange: list.setOrdering,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
    filtered: list.filtered,
    onResetFilters: list.reset,
  };
}

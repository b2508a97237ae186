import type { DirectoryList } from './use-directory-list.ts';

/** The DataTable props that come straight from a directory list. */
export function listTableProps<T>(d: DirectoryList<T>) {
  return {
    rows: d.rows,
    total: d.total,
    loading: d.loading,
    refreshing: d.refreshing,
    error: d.error,
    onRetry: d.refetch,
    page: d.list.state.page,
    pageSize: d.list.state.pageSize,
    ordering: d.list.state.ordering,
    onOrderingChange: d.list.setOrdering,
    onPageChange: d.list.setPage,
    onPageSizeChange: d.list.setPageSize,
    filtered: d.list.filtered,
    onResetFilters: d.list.reset,
  };
}

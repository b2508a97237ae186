import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type RowExtra } from './data-table.tsx';
import { FilterBox } from './list-filters.tsx';
import { ListPageLayout } from './list-page-layout.tsx';
import { ListSearchInput } from './list-search-input.tsx';
import { type ListQueryResult, listTableProps } from './list-table-props.ts';
import type { ListStateApi } from './use-list-state.ts';

export interface ListPageProps<T extends { id: number | string }> {
  /** The page title, also the table's accessible name. */
  title: string;
  /** The list's state (`useListState`) and the page the server answered for it. */
  list: ListStateApi;
  result: ListQueryResult<T>;
  /** A column sorts on the server when `enableSorting` is true; its `id` is the API ordering field. */
  columns: ColumnDef<T, unknown>[];
  /** The search box first in the filter bar. */
  search: {
    placeholder: string;
    /** @default 240 */
    width?: number;
    /** @default 'search' */
    type?: 'search' | 'text';
  };
  /** The filter controls after the search box (`SelectFilter`, `PickerFilter`...). */
  filters?: ReactNode;
  /** Buttons next to the title. */
  actions?: ReactNode;
  emptyText: string;
  loadingText?: string;
  errorText?: string;
  /** Leave out to offer no 'Try again' when the first page fails. @default true */
  retry?: boolean;
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => RowExtra;
  minWidth?: number;
  /** A note above the table, about what the list shows (a filter that has no control). */
  notice?: ReactNode;
  /** What opens over the list (drawers, dialogs). */
  children?: ReactNode;
}

/**
 * A list page: title with its actions, the search and filter bar, then the server-paginated table.
 * The page declares its columns and filters; paging, sorting, the URL and the saved filters are
 * the list state's.
 */
export function ListPage<T extends { id: number | string }>(props: ListPageProps<T>) {
  const { list, search } = props;
  const table = listTableProps(list, props.result);
  return (
    <ListPageLayout
      title={props.title}
      actions={props.actions}
      filters={
        <>
          <FilterBox width={search.width ?? 240}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder={search.placeholder}
              type={search.type}
            />
          </FilterBox>
          {props.filters}
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      {props.notice}
      <DataTable<T>
        label={props.title}
        columns={props.columns}
        getRowId={(row) => String(row.id)}
        emptyText={props.emptyText}
        loadingText={props.loadingText}
        errorText={props.errorText}
        onRowClick={props.onRowClick}
        rowProps={props.rowProps}
        minWidth={props.minWidth}
        {...table}
        onRetry={props.retry === false ? undefined : table.onRetry}
      />
      {props.children}
    </ListPageLayout>
  );
}

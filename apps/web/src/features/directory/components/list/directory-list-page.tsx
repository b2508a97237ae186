import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { DirectoryArea, RecordOf } from '../../api/directory-areas.ts';
import { exportRecords } from '../../api/export-records.ts';
import { DataTable, type RowExtra } from './data-table.tsx';
import { ExportMenu } from './export-menu.tsx';
import { FilterBox } from './list-filters.tsx';
import classes from './list-page.module.css';
import { ListPageLayout } from './list-page-layout.tsx';
import { toExportQuery } from './list-params.ts';
import { ListSearchInput } from './list-search-input.tsx';
import { listTableProps } from './list-table-props.ts';
import { useDirectoryList } from './use-directory-list.ts';
import type { ListStateApi, ListStateOptions } from './use-list-state.ts';

export interface DirectoryListPageProps<A extends DirectoryArea> {
  area: A;
  /** The page title, also the table's accessible name. */
  title: string;
  listOptions: ListStateOptions;
  searchPlaceholder: string;
  /** @default 240 */
  searchWidth?: number;
  /** The filter controls after the search box. */
  filters: (list: ListStateApi) => ReactNode;
  /** Buttons before the Export menu. */
  leadingActions?: ReactNode;
  /** Buttons after the Export menu. */
  actions?: ReactNode;
  columns: ColumnDef<RecordOf<A>, unknown>[];
  emptyText: string;
  onRowClick?: (row: RecordOf<A>) => void;
  /** Row styling, e.g. archivedRowProps. */
  rowProps: (row: RecordOf<A>) => RowExtra;
  /** What opens over the list (drawer, import dialog). */
  children?: ReactNode;
}

/** Archived records stay in the list (when the filter asks for them), dimmed. */
export const archivedRowProps = (row: { archived: boolean }): RowExtra => ({
  className: row.archived ? classes.archived : undefined,
});

/**
 * A directory list page: title with Export and the page's actions, search and filters, then the
 * server-paginated table. The page itself declares only its columns, filters and actions.
 */
export function DirectoryListPage<A extends DirectoryArea>(props: DirectoryListPageProps<A>) {
  const { area, title, searchWidth = 240 } = props;
  const directory = useDirectoryList(area, props.listOptions);
  const { list } = directory;

  return (
    <ListPageLayout
      title={title}
      actions={
        <>
          {props.leadingActions}
          <ExportMenu onExport={(format) => exportRecords(area, format, toExportQuery(list.state))} />
          {props.actions}
        </>
      }
      filters={
        <>
          <FilterBox width={searchWidth}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder={props.searchPlaceholder}
            />
          </FilterBox>
          {props.filters(list)}
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label={title}
        columns={props.columns}
        getRowId={(row) => String(row.id)}
        emptyText={props.emptyText}
        onRowClick={props.onRowClick}
        rowProps={props.rowProps}
        {...listTableProps(directory)}
      />
      {props.children}
    </ListPageLayout>
  );
}

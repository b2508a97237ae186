import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import type { RowExtra } from '../../../../ui/list/data-table.tsx';
import { ExportMenu } from '../../../../ui/list/export-menu.tsx';
import { ListPage } from '../../../../ui/list/list-page.tsx';
import { toApiQuery, toExportQuery } from '../../../../ui/list/list-params.ts';
import {
  type ListStateApi,
  type ListStateOptions,
  useListState,
} from '../../../../ui/list/use-list-state.ts';
import type { DirectoryArea, RecordOf } from '../../api/directory-areas.ts';
import { exportRecords } from '../../api/export-records.ts';
import { useRecordList } from '../../api/list-records.ts';
import classes from './list-page.module.css';

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
  const { area, title } = props;
  const list = useListState(props.listOptions);
  const query = useMemo(() => toApiQuery(list.state), [list.state]);
  const result = useRecordList(area, query);

  return (
    <ListPage<RecordOf<A>>
      title={title}
      list={list}
      result={result}
      columns={props.columns}
      search={{ placeholder: props.searchPlaceholder, width: props.searchWidth }}
      filters={props.filters(list)}
      actions={
        <>
          {props.leadingActions}
          <ExportMenu onExport={(format) => exportRecords(area, format, toExportQuery(list.state))} />
          {props.actions}
        </>
      }
      emptyText={props.emptyText}
      onRowClick={props.onRowClick}
      rowProps={props.rowProps}
    >
      {props.children}
    </ListPage>
  );
}

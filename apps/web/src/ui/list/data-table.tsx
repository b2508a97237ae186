import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { KeyboardEvent, ReactNode } from 'react';
import { formatTotal } from '../../lib/format/format-total.ts';
import classes from './data-table.module.css';
import { nextOrdering, orderingToSort, PAGE_SIZES, pageCount } from './list-params.ts';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Right-align numbers and money. */
    align?: 'left' | 'right';
    width?: number | string;
  }
}

export type RowExtra = { className?: string } & Record<`data-${string}`, string | undefined>;

export interface DataTableProps<T> {
  /** The accessible name of the table (`Clients`). */
  label: string;
  /** A column sorts on the server when `enableSorting` is true; its `id` is the API ordering field. */
  columns: ColumnDef<T, unknown>[];
  rows: readonly T[] | undefined;
  total: number;
  /** The total is the server's estimate (`meta.total_estimated`, above 1,000 matches): shown as "about 48,000". */
  totalEstimated?: boolean;
  getRowId: (row: T) => string;
  /** First load: nothing to show yet. */
  loading: boolean;
  /** @default 'Loading…' */
  loadingText?: string;
  /** A later fetch (new page, new filter): the old rows stay visible, dimmed. */
  refreshing?: boolean;
  error?: unknown;
  /** @default 'The list could not be loaded.' */
  errorText?: string;
  /** Offers 'Try again' when the first page could not be loaded. */
  onRetry?: () => void;
  page: number;
  pageSize: number;
  ordering: string | undefined;
  onOrderingChange: (ordering: string | undefined) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Opening a record: click, or Enter on the focused row. */
  onRowClick?: (row: T) => void;
  /** Extra attributes per row (`className`, `data-blacklisted`). */
  rowProps?: (row: T) => RowExtra;
  emptyText: string;
  /** With filters applied, the empty state offers to clear them. */
  filtered?: boolean;
  onResetFilters?: () => void;
  /** Narrower than this, the table scrolls sideways. @default 640 */
  minWidth?: number;
}

const SORT_ICON = { asc: '▲', desc: '▼', none: '↕' } as const;

/**
 * A server-paginated list: sorting, paging and filtering happen on the server; the table only
 * renders one page and reports what the person asked for.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, total, page, pageSize, ordering, onOrderingChange } = props;
  const sort = orderingToSort(ordering);
  const sorting: SortingState = sort ? [sort] : [];

  const table = useReactTable({
    data: (rows ?? []) as T[],
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
  });

  const columnCount = table.getVisibleLeafColumns().length;
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  let body: ReactNode;
  if (props.loading && !rows) {
    body = (
      <StateRow columns={columnCount}>
        <Group justify="center" gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{props.loadingText ?? 'Loading…'}</Text>
        </Group>
      </StateRow>
    );
  } else if (props.error && !rows) {
    body = (
      <StateRow columns={columnCount}>
        <Stack align="center" gap="xs">
          <Text role="alert">{props.errorText ?? 'The list could not be loaded.'}</Text>
          {props.onRetry ? (
            <Button variant="light" size="xs" onClick={props.onRetry}>
              Try again
            </Button>
          ) : null}
        </Stack>
      </StateRow>
    );
  } else if ((rows ?? []).length === 0) {
    body = (
      <StateRow columns={columnCount}>
        <Stack align="center" gap="xs">
          <Text fw={600}>{props.emptyText}</Text>
          {props.filtered && props.onResetFilters ? (
            <>
              <Text c="dimmed" size="sm">
                Nothing matches the current search and filters.
              </Text>
              <Button variant="light" size="xs" onClick={props.onResetFilters}>
                Clear filters
              </Button>
            </>
          ) : null}
        </Stack>
      </StateRow>
    );
  } else {
    body = table
      .getRowModel()
      .rows.map((row) => (
        <BodyRow key={row.id} row={row} onOpen={props.onRowClick} extra={props.rowProps?.(row.original)} />
      ));
  }

  return (
    <Stack gap="sm" className={classes.wrapper}>
      <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
        <Table
          highlightOnHover={Boolean(props.onRowClick)}
          verticalSpacing="xs"
          aria-label={props.label}
          aria-busy={props.loading || props.refreshing ? 'true' : undefined}
          aria-rowcount={props.totalEstimated ? -1 : total}
          style={{ opacity: props.refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  // only columns marked `enableSorting: true` sort: the server knows no other orderings
                  const sortable = column.columnDef.enableSorting === true;
                  const direction = sort && sort.id === column.id ? (sort.desc ? 'desc' : 'asc') : false;
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(column.columnDef.header, header.getContext());
                  const meta = column.columnDef.meta;
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      style={{ width: meta?.width, textAlign: meta?.align }}
                      aria-sort={
                        sortable
                          ? direction === 'asc'
                            ? 'ascending'
                            : direction === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {sortable ? (
                        <UnstyledButton
                          className={`${classes.sortButton} ${direction ? classes.sorted : ''}`}
                          onClick={() => onOrderingChange(nextOrdering(ordering, column.id))}
                        >
                          {content}
                          <span className={classes.sortIcon} aria-hidden="true">
                            {SORT_ICON[direction || 'none']}
                          </span>
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" className={classes.footer} wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-total">
          {total === 0 ? 'No records' : `${from}–${to} of ${formatTotal(total, props.totalEstimated)}`}
        </Text>
        <Group gap="md">
          <NativeSelect
            aria-label="Rows per page"
            size="xs"
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }))}
            value={String(pageSize)}
            onChange={(event) => props.onPageSizeChange(Number(event.currentTarget.value))}
          />
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={props.onPageChange}
            aria-label="Pages"
            getControlProps={(control) => ({
              'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
            })}
            getItemProps={(n) => ({
              'aria-label': `Page ${n}`,
              'aria-current': n === page ? 'page' : undefined,
            })}
          />
        </Group>
      </Group>
    </Stack>
  );
}

function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} className={classes.stateCell}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

function BodyRow<T>({ row, onOpen, extra }: { row: Row<T>; onOpen?: (row: T) => void; extra?: RowExtra }) {
  const open = onOpen ? () => onOpen(row.original) : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (open && event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open();
    }
  };
  return (
    <Table.Tr
      {...extra}
      className={[open ? classes.clickableRow : '', extra?.className ?? ''].join(' ').trim() || undefined}
      tabIndex={open ? 0 : undefined}
      onClick={open}
      onKeyDown={open ? onKeyDown : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td
          key={cell.id}
          style={{ textAlign: cell.column.columnDef.meta?.align, verticalAlign: 'middle' }}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

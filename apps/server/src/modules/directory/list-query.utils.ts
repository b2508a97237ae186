import type { ArchivedMode, DirectoryListResult } from '@app/shared';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { exactQuery, prefixQuery, searchId } from './search-vector.utils.ts';

/** The archive filter every directory list shares. */
export function archivedCondition(column: AnyColumn, mode: ArchivedMode): SQL | undefined {
  if (mode === 'exclude') return isNull(column);
  if (mode === 'only') return isNotNull(column);
  return undefined;
}

export interface OrderSpec {
  column: AnyColumn;
  desc: boolean;
  /** Columns that may be empty sort their empty values last in both directions. */
  nullable?: boolean;
}

/** `ordering=-name` style keys to a column and direction; the id breaks ties so pages never overlap. */
export function orderBy(spec: OrderSpec, id: AnyColumn): SQL[] {
  const dir = spec.desc ? desc : asc;
  const main = spec.nullable
    ? spec.desc
      ? sql`${spec.column} desc nulls last`
      : sql`${spec.column} asc nulls last`
    : dir(spec.column);
  return spec.column === id ? [main] : [main, dir(id)];
}

export function parseOrdering<K extends string>(
  ordering: string,
  columns: Record<K, Omit<OrderSpec, 'desc'>>,
): OrderSpec {
  const key = ordering.replace(/^-/, '') as K;
  const col = columns[key] ?? Object.values<Omit<OrderSpec, 'desc'>>(columns)[0]!;
  return { ...col, desc: ordering.startsWith('-') };
}

export interface PageRequest {
  where: SQL | undefined;
  order: OrderSpec;
  limit: number;
  offset: number;
  /**
   * A full-text search matches rows spread over the whole ordering, so walking the ordering's
   * index and filtering can visit most of the table. Collecting the matches first (GIN) and
   * sorting them is steady at any size, and counts them in the same pass.
   */
  collectFirst: boolean;
}

/**
 * Counting every match of a broad filter costs a scan of the table on each page turn. Up to this
 * many matches the total is exact; beyond, it is the planner's estimate (`total_estimated`), as
 * PostgREST does with `count=estimated`. A person reads "about 48,000" the same way.
 */
export const EXACT_COUNT_UP_TO = 1000;

export interface PageResult {
  ids: number[];
  total: number;
  estimated: boolean;
}

async function estimateRows(ex: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
    ex,
    sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** Exact up to EXACT_COUNT_UP_TO matches (reading at most that many), estimated above. */
export async function countRows(
  ex: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; estimated: boolean }> {
  const capped = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${EXACT_COUNT_UP_TO + 1}) s`,
  );
  const n = Number(capped[0]?.n ?? 0);
  if (n <= EXACT_COUNT_UP_TO) return { total: n, estimated: false };
  return { total: Math.max(await estimateRows(ex, table, where), n), estimated: true };
}

/** The ids of one page and the total number of matching rows. */
export async function pageIds(
  ex: Executor,
  table: PgTable,
  id: PgColumn,
  req: PageRequest,
): Promise<PageResult> {
  if (req.collectFirst) {
    const dir = req.order.desc ? sql.raw('desc') : sql.raw('asc');
    const nulls = req.order.nullable ? sql.raw('nulls last') : sql.raw('');
    const rows = await queryRows<{ id: number; total: number }>(
      ex,
      sql`
      with m as materialized (select ${id} as id, ${req.order.column} as k from ${table} ${req.where ? sql`where ${req.where}` : sql``})
      select id, (select count(*) from m)::int as total from m
      order by k ${dir} ${nulls}, id ${dir}
      limit ${req.limit} offset ${req.offset}`,
    );
    if (rows.length > 0 || req.offset === 0) {
      return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0]?.total ?? 0), estimated: false };
    }
    // Past the last page: no row carries the total, so count on its own.
    return { ids: [], ...(await countRows(ex, table, req.where)) };
  }
  const [rows, count] = await Promise.all([
    ex
      .select({ id })
      .from(table)
      .where(req.where)
      .orderBy(...orderBy(req.order, id))
      .limit(req.limit)
      .offset(req.offset),
    countRows(ex, table, req.where),
  ]);
  const ids = rows.map((r) => Number(r.id));
  // A short page is the last one, whatever the estimate said.
  if (ids.length < req.limit && (ids.length > 0 || req.offset === 0))
    return { ids, total: req.offset + ids.length, estimated: false };
  return { ids, ...count };
}

/** Rows fetched by id come back in any order; this puts them in the order of the ids. */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}

export const allOf = (conditions: Array<SQL | undefined>): SQL | undefined => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
};

/** The columns a list searched by full text works on. */
export interface SearchableTable {
  table: PgTable;
  id: PgColumn;
  searchVector: AnyColumn;
}

/** Words as prefixes over the search vector, or the record's id when the search is a number. */
export function searchCondition(t: SearchableTable, search: string | undefined): SQL | undefined {
  const query = prefixQuery(search);
  const id = searchId(search);
  const text = query ? sql`${t.searchVector} @@ ${query}::tsquery` : undefined;
  if (id !== null) return text ? or(text, eq(t.id, id)) : eq(t.id, id);
  return text;
}

/** One page of ids of a searchable list: the filter's rows minus the picker's exclusions. */
export function searchablePage(
  ex: Executor,
  t: SearchableTable,
  q: {
    where: SQL | undefined;
    exclude?: number[] | undefined;
    order: OrderSpec;
    search: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<PageResult> {
  return pageIds(ex, t.table, t.id, {
    where: allOf([q.where, q.exclude?.length ? notInArray(t.id, q.exclude) : undefined]),
    order: q.order,
    limit: q.limit,
    offset: q.offset,
    collectFirst: prefixQuery(q.search) !== null,
  });
}

/**
 * The picker's preload condition: the record's own key (`byKey`), every word of the search, or
 * the id. The archive filter does not apply: the preload resolves a picker's current value, and
 * an archived one must still show its name.
 */
export function exactCondition(t: SearchableTable, search: string, byKey: SQL): SQL | undefined {
  const id = searchId(search);
  const exact = exactQuery(search);
  return or(
    byKey,
    exact ? sql`${t.searchVector} @@ ${exact}::tsquery` : undefined,
    id !== null ? eq(t.id, id) : undefined,
  );
}

/** All matching ids in list order (exports), without paging. */
export async function orderedIds(
  ex: Executor,
  t: SearchableTable,
  where: SQL | undefined,
  order: OrderSpec,
  max: number,
): Promise<number[]> {
  const rows = await ex
    .select({ id: t.id })
    .from(t.table)
    .where(where)
    .orderBy(...orderBy(order, t.id))
    .limit(max);
  return rows.map((r) => Number(r.id));
}

/** A few columns of rows by id, in the order of the ids (picker items, without joins). */
export async function columnsByIds<Row extends { id: number }>(
  ex: Executor,
  t: SearchableTable,
  columns: Record<string, PgColumn>,
  ids: number[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await ex.select(columns).from(t.table).where(inArray(t.id, ids));
  return inOrder(ids, rows as Row[]);
}

export interface PickerParams {
  limit: number;
  offset: number;
  search?: string | undefined;
  item?: boolean | undefined;
  /** Always include this record on the first page (a picker's current value). */
  id?: number | undefined;
}

/**
 * The picker contract of spec section 7 on top of a list: `item=true` with `search` preloads the
 * exact match (falling back to the ordinary search), and `id` puts the current value first even
 * when it is excluded, archived or on another page.
 */
export async function pickerPage<Row extends { id: number }>(
  params: PickerParams,
  fns: {
    exact: (search: string) => Promise<number[]>;
    page: () => Promise<PageResult>;
    load: (ids: number[]) => Promise<Row[]>;
  },
): Promise<{ rows: Row[]; total: number; estimated: boolean }> {
  let page: PageResult = { ids: [], total: 0, estimated: false };
  const search = params.search?.trim();
  if (params.item && search) {
    const ids = await fns.exact(search);
    page = { ids, total: ids.length, estimated: false };
  }
  if (page.ids.length === 0) page = await fns.page();
  const { ids, total, estimated } = page;
  if (params.id !== undefined && params.offset === 0 && !ids.includes(params.id)) {
    const extra = await fns.load([params.id]);
    if (extra.length) return { rows: [...extra, ...(await fns.load(ids))], total: total + 1, estimated };
  }
  return { rows: await fns.load(ids), total, estimated };
}

/** The picker parameters a list query carries besides its filter. */
interface ListParams {
  limit: number;
  offset: number;
  list?: boolean | undefined;
  item?: boolean | undefined;
  exclude?: number[] | undefined;
  search?: string | undefined;
  id?: number | undefined;
}

/** A list query without its paging and picker parameters: what the rows must match. */
export function filterOf<Q extends ListParams>(
  query: Q,
): Omit<Q, 'limit' | 'offset' | 'list' | 'item' | 'exclude' | 'id'> {
  const { limit: _l, offset: _o, list: _li, item: _it, exclude: _e, id: _id, ...filter } = query;
  return filter;
}

const listMeta = (query: ListParams, total: number, estimated: boolean) => ({
  total,
  limit: query.limit,
  offset: query.offset,
  total_estimated: estimated,
});

/**
 * A searchable list answers full records, or compact picker items with `list=true`; both go
 * through the picker contract (preload, current value first).
 */
export async function searchableList<
  ItemRow extends { id: number },
  FullRow extends { id: number },
  Item,
  Full,
>(
  query: ListParams,
  fns: {
    exact: (search: string) => Promise<number[]>;
    page: () => Promise<PageResult>;
    items: { load: (ids: number[]) => Promise<ItemRow[]>; map: (row: ItemRow) => Item };
    full: { load: (ids: number[]) => Promise<FullRow[]>; map: (row: FullRow) => Full };
  },
): Promise<DirectoryListResult<Item | Full>> {
  if (query.list) {
    const r = await pickerPage(query, { exact: fns.exact, page: fns.page, load: fns.items.load });
    return { data: r.rows.map(fns.items.map), meta: listMeta(query, r.total, r.estimated) };
  }
  const r = await pickerPage(query, { exact: fns.exact, page: fns.page, load: fns.full.load });
  return { data: r.rows.map(fns.full.map), meta: listMeta(query, r.total, r.estimated) };
}

/**
 * The small catalogues' picker: with `item=true` and `search`, the exact matches (first page);
 * when there are none, or otherwise, the filtered page without the excluded ids. Totals are exact.
 */
export async function exactFirst<R>(
  query: ListParams,
  list: (q: { exact?: string; exclude?: number[] | undefined; limit: number; offset: number }) => Promise<{
    rows: R[];
    total: number;
  }>,
): Promise<{ rows: R[]; total: number }> {
  const search = query.search?.trim();
  const exact = query.item && search ? await list({ exact: search, limit: query.limit, offset: 0 }) : null;
  if (exact && exact.rows.length > 0) return exact;
  return list({ exclude: query.exclude, limit: query.limit, offset: query.offset });
}

/** The meta of a list whose total is exact. */
export const exactMeta = (query: ListParams, total: number) => listMeta(query, total, false);

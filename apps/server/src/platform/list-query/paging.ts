/** One page of ids and the total (exact up to a cap, estimated above), and rows loaded in id order. */
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { prefixQuery } from '../full-text-search.ts';
import { allOf, type SearchableTable } from './filtering.ts';
import { type OrderSpec, orderBy } from './sorting.ts';

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

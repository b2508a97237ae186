/** Sorting a list: `ordering=-name` keys to columns, ties broken by the id. */
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

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

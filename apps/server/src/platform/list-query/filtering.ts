/** The conditions lists share: archive mode, full-text search with id, the picker's exact preload. */
import type { ArchivedMode } from '@app/shared';
import { type AnyColumn, and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { exactQuery, prefixQuery, searchId } from '../full-text-search.ts';

/** The archive filter every directory list shares. */
export function archivedCondition(column: AnyColumn, mode: ArchivedMode): SQL | undefined {
  if (mode === 'exclude') return isNull(column);
  if (mode === 'only') return isNotNull(column);
  return undefined;
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

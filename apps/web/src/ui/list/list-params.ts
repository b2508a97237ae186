import { DEFAULT_LIMIT, MAX_LIMIT } from '@app/shared';

/**
 * The state of a server-paginated list as it lives in the URL: `page`, `page_size`, `ordering`,
 * `search` and the list's own filters, named as the API names them (`rating=Blacklisted`), so a URL
 * can be shared, bookmarked and saved for the navigation helper (spec 2.4) as it is.
 */
export interface ListState {
  page: number;
  pageSize: number;
  /** API ordering: `name`, `-created_at`; undefined for the server's default. */
  ordering: string | undefined;
  search: string;
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

const RESERVED = new Set(['page', 'page_size', 'ordering', 'search']);

const positiveInt = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number => {
  if (text === null || !/^\d+$/.test(text)) return fallback;
  const n = Number(text);
  return n >= 1 && n <= max ? n : fallback;
};

export function parseListState(
  params: URLSearchParams,
  filterKeys: readonly string[],
  defaults: { ordering?: string; pageSize?: number } = {},
): ListState {
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    if (RESERVED.has(key)) continue;
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('page_size'), defaults.pageSize ?? DEFAULT_LIMIT, MAX_LIMIT),
    ordering: params.get('ordering') || defaults.ordering,
    search: params.get('search') ?? '',
    filters,
  };
}

/** Only what differs from the defaults goes into the URL, so a fresh list has a clean address. */
export function serializeListState(
  state: ListState,
  defaults: { ordering?: string; pageSize?: number } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  for (const [key, value] of Object.entries(state.filters)) if (value) params.set(key, value);
  if (state.ordering && state.ordering !== defaults.ordering) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_LIMIT))
    params.set('page_size', String(state.pageSize));
  return params;
}

export type ApiListQuery = Record<string, string | number>;

/** What the list endpoint takes (API.md): limit, offset, ordering, search and the filters. */
export function toApiQuery(state: ListState): ApiListQuery {
  const query: ApiListQuery = { limit: state.pageSize, offset: (state.page - 1) * state.pageSize };
  if (state.ordering) query.ordering = state.ordering;
  const search = state.search.trim();
  if (search) query.search = search;
  for (const [key, value] of Object.entries(state.filters)) if (value) query[key] = value;
  return query;
}

/** Filters without paging: what an export of "the current list" sends. */
export function toExportQuery(state: ListState): ApiListQuery {
  const { limit: _limit, offset: _offset, ...rest } = toApiQuery(state);
  return rest;
}

/** `-name` <-> `{ id: 'name', desc: true }` for the table's sort state. */
export function orderingToSort(ordering: string | undefined): { id: string; desc: boolean } | null {
  if (!ordering) return null;
  return ordering.startsWith('-') ? { id: ordering.slice(1), desc: true } : { id: ordering, desc: false };
}

/** A header click cycles ascending, descending, then back to the default order. */
export function nextOrdering(current: string | undefined, column: string): string | undefined {
  const sort = orderingToSort(current);
  if (!sort || sort.id !== column) return column;
  if (!sort.desc) return `-${column}`;
  return undefined;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * What a list endpoint answers: the picker contract of spec section 7 (preload, current value first),
 * the filter without paging parameters, and the list meta.
 */
import type { DirectoryListResult } from '@app/shared';
import type { PageResult } from './paging.ts';

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

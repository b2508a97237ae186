import { describe, expect, it } from 'vitest';
import {
  nextOrdering,
  orderingToSort,
  pageCount,
  parseListState,
  serializeListState,
  toApiQuery,
  toExportQuery,
} from './list-params.ts';

const KEYS = ['rating', 'membership'];

describe('list state in the URL', () => {
  it('reads paging, ordering, search and only the known filters', () => {
    const state = parseListState(
      new URLSearchParams('page=3&page_size=50&ordering=-name&search=ann&rating=Blacklisted&evil=1'),
      KEYS,
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      ordering: '-name',
      search: 'ann',
      filters: { rating: 'Blacklisted' },
    });
  });

  it('falls back to the defaults on missing or broken numbers', () => {
    const state = parseListState(new URLSearchParams('page=-2&page_size=100000'), KEYS, {
      ordering: 'last_name',
      pageSize: 20,
    });
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(20);
    expect(state.ordering).toBe('last_name');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const defaults = { ordering: 'last_name', pageSize: 20 };
    const empty = serializeListState(
      { page: 1, pageSize: 20, ordering: 'last_name', search: '  ', filters: { rating: '' } },
      defaults,
    );
    expect(empty.toString()).toBe('');
    const state = { page: 2, pageSize: 50, ordering: '-email', search: 'x y', filters: { rating: 'Basic' } };
    const params = serializeListState(state, defaults);
    expect(parseListState(params, KEYS, defaults)).toEqual(state);
  });

  it('turns a page into limit and offset for the API', () => {
    const query = toApiQuery({
      page: 3,
      pageSize: 20,
      ordering: 'name',
      search: ' bob ',
      filters: { rating: 'Basic' },
    });
    expect(query).toEqual({ limit: 20, offset: 40, ordering: 'name', search: 'bob', rating: 'Basic' });
    expect(
      toExportQuery({ page: 3, pageSize: 20, ordering: undefined, search: '', filters: { rating: 'Basic' } }),
    ).toEqual({ rating: 'Basic' });
  });

  it('cycles a column through ascending, descending and the default order', () => {
    expect(nextOrdering(undefined, 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBeUndefined();
    expect(nextOrdering('-email', 'name')).toBe('name');
    expect(orderingToSort('-email')).toEqual({ id: 'email', desc: true });
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

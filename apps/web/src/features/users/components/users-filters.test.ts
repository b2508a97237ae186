import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, filtersToQuery } from './users-filters.ts';

describe('users list filters', () => {
  it('reads the URL, ignoring values the API would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams('search=ann&role=Boss&region=x&status=inactive&ordering=-email&page=3'),
    );
    expect(filters).toEqual({
      search: 'ann',
      role: null,
      region: null,
      status: 'inactive',
      ordering: '-email',
      page: 3,
    });
  });

  it('turns filters into the API query with limit and offset', () => {
    const filters = filtersFromParams(
      new URLSearchParams('search=%20ann%20&role=FO&region=2&status=active&page=2'),
    );
    expect(filtersToQuery(filters)).toEqual({
      limit: 20,
      offset: 20,
      ordering: 'name',
      search: 'ann',
      role: 'FO',
      region: 2,
      is_active: 'true',
    });
  });

  it('writes only the filters that are set back into the URL', () => {
    expect(filtersToParams(filtersFromParams(new URLSearchParams(''))).toString()).toBe('');
    expect(
      filtersToParams({
        search: 'x',
        role: 'BO',
        region: null,
        status: null,
        ordering: 'name',
        page: 1,
      }).toString(),
    ).toBe('search=x&role=BO');
  });
});

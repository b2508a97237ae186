import { describe, expect, it } from 'vitest';
import { parseListState } from '../../../ui/list/list-params.ts';
import { USERS_LIST, usersQuery } from './users-filters.ts';

const stateOf = (query: string) =>
  parseListState(new URLSearchParams(query), USERS_LIST.filterKeys, { ordering: USERS_LIST.defaultOrdering });

describe('users list filters', () => {
  it('leaves out values the API would refuse', () => {
    expect(
      usersQuery(stateOf('search=ann&role=Boss&region=x&status=inactive&ordering=-email&page=3')),
    ).toEqual({
      limit: 20,
      offset: 40,
      ordering: '-email',
      search: 'ann',
      is_active: 'false',
    });
    expect(usersQuery(stateOf('ordering=-phone')).ordering).toBe('name');
  });

  it('turns the list state into the API query with limit and offset', () => {
    expect(usersQuery(stateOf('search=%20ann%20&role=FO&region=2&status=active&page=2'))).toEqual({
      limit: 20,
      offset: 20,
      ordering: 'name',
      search: 'ann',
      role: 'FO',
      region: 2,
      is_active: 'true',
    });
  });
});

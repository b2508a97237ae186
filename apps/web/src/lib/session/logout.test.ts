import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_FILTERS_PREFIX, saveListFilters } from '../navigation/list-filters.ts';
import { ACCESS_TOKEN_KEY, setAccessToken } from './access-token.ts';
import { clearSessionAndReload, LOGIN_PATH } from './logout.ts';

describe('clearSessionAndReload', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

  beforeEach(() => {
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('forgets the token and every saved list filter, keeps other settings and goes to /login', () => {
    setAccessToken('token-of-ann');
    saveListFilters('/directory/clients', { search: 'ann' });
    saveListFilters('/directory/suppliers', { rating: 'Blacklisted' });
    localStorage.setItem('colorScheme', 'dark');

    clearSessionAndReload();

    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    const left = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    expect(left.filter((key) => key?.startsWith(LIST_FILTERS_PREFIX))).toEqual([]);
    expect(localStorage.getItem('colorScheme')).toBe('dark');
    expect(assign).toHaveBeenCalledWith(LOGIN_PATH);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_FILTERS_PREFIX } from './list-filters.ts';
import { createNavigationHelper } from './navigation-helper.ts';

describe('navigation helper (spec 2.4)', () => {
  const navigate = vi.fn<(url: string) => void>();
  beforeEach(() => {
    navigate.mockReset();
    localStorage.clear();
  });

  it('goes back to the previously visited URL', () => {
    const helper = createNavigationHelper(navigate);
    helper.record('/requests');
    helper.record('/directory/clients?search=x');
    helper.record('/directory/clients/new');
    helper.back('/fallback');
    expect(navigate).toHaveBeenLastCalledWith('/directory/clients?search=x');
    // the router then reports the navigation; it must not grow the history
    helper.record('/directory/clients?search=x');
    helper.back('/fallback');
    expect(navigate).toHaveBeenLastCalledWith('/requests');
  });

  it('falls back to the given URL when there is no history', () => {
    const helper = createNavigationHelper(navigate);
    helper.back('/requests');
    expect(navigate).toHaveBeenCalledWith('/requests');
    helper.record('/profile');
    helper.back('/requests');
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenLastCalledWith('/requests');
  });

  it('does not record the same URL twice in a row', () => {
    const helper = createNavigationHelper(navigate);
    helper.record('/a');
    helper.record('/a');
    helper.record('/b');
    expect(helper.history()).toEqual(['/a', '/b']);
  });

  it('lets a redirect take the place of the entry it replaces', () => {
    const helper = createNavigationHelper(navigate);
    helper.record('/requests');
    helper.record('/directory/clients');
    helper.record('/directory/clients?search=ann', { replace: true });
    expect(helper.history()).toEqual(['/requests', '/directory/clients?search=ann']);
    helper.back('/fallback');
    expect(navigate).toHaveBeenLastCalledWith('/requests');
  });

  it('never records the empty path nor the signed-out pages', () => {
    const helper = createNavigationHelper(navigate, { publicPaths: ['/login', '/recover'] });
    for (const url of ['/', '/?next=x', '/login', '/login?expired=1', '/recover', '/recover/'])
      helper.record(url);
    expect(helper.history()).toEqual([]);
    helper.record('/requests', { replace: true });
    helper.record('/profile');
    expect(helper.history()).toEqual(['/requests', '/profile']);
  });

  it('keeps the page before an unrecorded one when that one is redirected away', () => {
    const helper = createNavigationHelper(navigate);
    helper.record('/requests');
    helper.record('/profile');
    // the home shortcut: `/` is not recorded, its redirect must not take the place of /profile
    helper.record('/');
    helper.record('/requests', { replace: true });
    expect(helper.history()).toEqual(['/requests', '/profile', '/requests']);
  });

  it('drops an unknown address that redirects home', () => {
    const helper = createNavigationHelper(navigate);
    helper.record('/requests');
    helper.record('/no-such-page');
    helper.record('/', { replace: true });
    helper.record('/requests', { replace: true });
    expect(helper.history()).toEqual(['/requests']);
  });

  it('returns to a list with its saved filters from local storage', () => {
    const helper = createNavigationHelper(navigate);
    helper.saveListFilters('/users', { search: 'ann', role: 'FO', region: '' });
    expect(localStorage.getItem(`${LIST_FILTERS_PREFIX}/users`)).toBe('search=ann&role=FO');
    helper.backToList('/users');
    expect(navigate).toHaveBeenCalledWith('/users?search=ann&role=FO');
  });

  it('opens the bare list when no filters are saved, and forgets filters that were cleared', () => {
    const helper = createNavigationHelper(navigate);
    helper.backToList('/users');
    expect(navigate).toHaveBeenLastCalledWith('/users');
    helper.saveListFilters('/users', { search: 'x' });
    helper.saveListFilters('/users', new URLSearchParams());
    helper.backToList('/users');
    expect(navigate).toHaveBeenLastCalledWith('/users');
  });
});

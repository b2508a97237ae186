import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LIST_FILTERS_PREFIX } from '../../lib/navigation/list-filters.ts';
import { createNavigationHelper } from '../../lib/navigation/navigation-helper.ts';
import { NavigationHelperContext } from '../../lib/navigation/use-navigation-helper.ts';
import { useListState } from './use-list-state.ts';

const LIST = '/directory/clients';

function ListProbe({ unsavedKeys }: { unsavedKeys?: readonly string[] | undefined }) {
  const list = useListState({
    listPath: LIST,
    filterKeys: ['rating', 'end_from', 'end_to'],
    defaultOrdering: 'last_name',
    ...(unsavedKeys ? { unsavedKeys } : {}),
  });
  const location = useLocation();
  return (
    <div>
      <output data-testid="state">{JSON.stringify(list.state)}</output>
      <output data-testid="url">{location.search}</output>
      <button type="button" onClick={() => list.setFilter('rating', 'Blacklisted')}>
        blacklisted
      </button>
      <button type="button" onClick={() => list.setFilters({ end_from: '2026-01-01', end_to: '2026-06-30' })}>
        range
      </button>
      <button type="button" onClick={() => list.setFilters({ end_from: null, end_to: undefined })}>
        no range
      </button>
      <button type="button" onClick={() => list.setSearch('ann')}>
        search
      </button>
      <button type="button" onClick={() => list.setPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => list.setOrdering('-email')}>
        sort
      </button>
      <button type="button" onClick={list.reset}>
        reset
      </button>
    </div>
  );
}

function Root({ unsavedKeys }: { unsavedKeys?: readonly string[] | undefined }) {
  const navigate = useNavigate();
  const helper = useMemo(() => createNavigationHelper((url) => void navigate(url)), [navigate]);
  return (
    <NavigationHelperContext value={helper}>
      <ListProbe unsavedKeys={unsavedKeys} />
    </NavigationHelperContext>
  );
}

function Elsewhere() {
  return <p>elsewhere</p>;
}

function setup(url: string, unsavedKeys?: readonly string[]) {
  const router = createMemoryRouter(
    [
      { path: LIST, element: <Root unsavedKeys={unsavedKeys} /> },
      { path: '/elsewhere', Component: Elsewhere },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, user: userEvent.setup() };
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('useListState', () => {
  it('keeps filters in the URL and saves them for the navigation helper', async () => {
    const { user } = setup(LIST);
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    await user.click(screen.getByRole('button', { name: 'blacklisted' }));
    // a new filter starts again at page 1
    expect(state()).toMatchObject({ page: 1, filters: { rating: 'Blacklisted' } });
    await user.click(screen.getByRole('button', { name: 'search' }));
    await user.click(screen.getByRole('button', { name: 'sort' }));
    expect(screen.getByTestId('url').textContent).toBe('?search=ann&rating=Blacklisted&ordering=-email');
    expect(localStorage.getItem(LIST_FILTERS_PREFIX + LIST)).toBe(
      'search=ann&rating=Blacklisted&ordering=-email',
    );
  });

  it('restores the saved filters when the list is opened again without a query', async () => {
    const { router, user } = setup(LIST);
    await user.click(screen.getByRole('button', { name: 'blacklisted' }));
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    await act(() => router.navigate(LIST));
    expect(state()).toMatchObject({ filters: { rating: 'Blacklisted' } });
    expect(router.state.location.search).toBe('?rating=Blacklisted');
  });

  it('lets a URL with its own query win over the saved filters, and remembers it', () => {
    localStorage.setItem(LIST_FILTERS_PREFIX + LIST, 'rating=Blacklisted');
    setup(`${LIST}?search=zed`);
    expect(state()).toMatchObject({ search: 'zed', filters: {} });
    expect(localStorage.getItem(LIST_FILTERS_PREFIX + LIST)).toBe('search=zed');
  });

  it('sets several filters in one step and clears them together', async () => {
    const { user, router } = setup(`${LIST}?rating=Basic&page=2`);
    await user.click(screen.getByRole('button', { name: 'range' }));
    expect(state()).toMatchObject({
      page: 1,
      filters: { rating: 'Basic', end_from: '2026-01-01', end_to: '2026-06-30' },
    });
    expect(router.state.location.search).toBe('?rating=Basic&end_from=2026-01-01&end_to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'no range' }));
    expect(state().filters).toEqual({ rating: 'Basic' });
    expect(router.state.location.search).toBe('?rating=Basic');
  });

  it('clears the URL and the saved filters on reset', async () => {
    const { user, router } = setup(`${LIST}?rating=Basic&page=2`);
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(LIST_FILTERS_PREFIX + LIST)).toBeNull();
    expect(state()).toMatchObject({ page: 1, ordering: 'last_name', filters: {}, search: '' });
  });

  it('keeps an unsaved filter in the URL but never saves it, so the next visit starts without it', async () => {
    localStorage.clear();
    const { router, user } = setup(`${LIST}?end_from=2026-01-01`, ['end_from']);
    expect(state().filters).toEqual({ end_from: '2026-01-01' });
    expect(localStorage.getItem(LIST_FILTERS_PREFIX + LIST)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'blacklisted' }));
    expect(router.state.location.search).toBe('?end_from=2026-01-01&rating=Blacklisted');
    expect(localStorage.getItem(LIST_FILTERS_PREFIX + LIST)).toBe('rating=Blacklisted');
    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate(LIST));
    expect(state().filters).toEqual({ rating: 'Blacklisted' });
    expect(router.state.location.search).toBe('?rating=Blacklisted');
  });
});

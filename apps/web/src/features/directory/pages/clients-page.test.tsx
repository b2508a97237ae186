import type { Client } from '@app/shared/directory/index';
import { act, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_FILTERS_PREFIX } from '../../../lib/navigation/list-filters.ts';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { testQueryClient } from '../../../test/providers.tsx';
import { renderPage } from '../../../test/render.tsx';
import { ClientsPage } from './clients-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function client(id: number, named: string, extra: Partial<Client> = {}): Client {
  const [first_name = '', last_name = ''] = named.split(' ');
  return {
    id,
    first_name,
    last_name,
    named,
    email: `${first_name.toLowerCase()}@example.com`,
    phone: null,
    phone_alt: null,
    gender: null,
    language: null,
    birthday: null,
    nationality: null,
    passport_number: null,
    passport_expiry: null,
    address: null,
    city: null,
    country: null,
    membership: 'the_one',
    membership_start: '2026-01-01',
    membership_end: '2026-12-31',
    rating: 'Basic',
    blacklisted: false,
    fo_manager: { id: 3, name: 'Fiona Front' },
    office: { id: 1, title: 'London', ccy: 'GBP' },
    payment_terms_days: null,
    notes: null,
    archived: false,
    archived_at: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    version: 1,
    ...extra,
  };
}

const CLIENTS = [
  client(1, 'Anna Ivanova'),
  client(2, 'Irina Belova', { rating: 'Blacklisted', blacklisted: true }),
  client(3, 'Tom Jones', { membership_end: '2027-03-31' }),
];

function api() {
  return fakeApi({
    'GET /api/v1/clients/': (call) => {
      const q = queryOf(call);
      const rating = q.get('rating');
      const from = q.get('membership_end_from');
      const to = q.get('membership_end_to');
      const rows = CLIENTS.filter(
        (c) =>
          (!rating || rating.split(',').includes(c.rating)) &&
          (!from || (c.membership_end ?? '') >= from) &&
          (!to || (c.membership_end ?? '9999') <= to),
      );
      return listOf(rows, rows.length === CLIENTS.length ? 45 : rows.length);
    },
  });
}

const lastListQuery = (calls: ReturnType<typeof api>) => {
  const list = calls.callsTo('GET /api/v1/clients/');
  return queryOf(list[list.length - 1]);
};

const KEY = `${LIST_FILTERS_PREFIX}/directory/clients`;

describe('Clients list', () => {
  it('shows one page from the server with the total, and marks blacklisted clients', async () => {
    const calls = api();
    renderPage(<ClientsPage />, { path: '/directory/clients' });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(table).findByText('Anna Ivanova')).toBeInTheDocument();
    expect(screen.getByTestId('list-total')).toHaveTextContent('1–20 of 45');
    const row = within(table).getByText('Irina Belova').closest('tr');
    expect(row).toHaveAttribute('data-blacklisted', 'true');
    expect(within(row as HTMLElement).getByText('Blacklisted')).toBeInTheDocument();
    expect(Object.fromEntries(lastListQuery(calls) ?? [])).toEqual({
      limit: '20',
      offset: '0',
      ordering: 'name',
    });
  });

  it('filters on the server and keeps the filter in the URL and in local storage', async () => {
    const calls = api();
    const { user, router } = renderPage(<ClientsPage />, { path: '/directory/clients' });
    await screen.findByText('Anna Ivanova');
    await user.click(screen.getByRole('combobox', { name: 'Rating' }));
    await user.click(await screen.findByRole('option', { name: 'Blacklisted' }));
    await waitFor(() => expect(lastListQuery(calls)?.get('rating')).toBe('Blacklisted'));
    await waitFor(() => expect(screen.queryByText('Anna Ivanova')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?rating=Blacklisted');
    expect(localStorage.getItem(KEY)).toBe('rating=Blacklisted');
  });

  it('restores the saved filters when the person comes back to the list', async () => {
    const calls = api();
    const { user, router } = renderPage(<ClientsPage />, {
      path: '/directory/clients',
      // nothing is answered from the cache: coming back asks the server again
      client: testQueryClient({ staleTime: 0 }),
    });
    await screen.findByText('Anna Ivanova');
    await user.click(screen.getByRole('combobox', { name: 'Rating' }));
    await user.click(await screen.findByRole('option', { name: 'Blacklisted' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rating=Blacklisted'));

    await act(() => router.navigate('/elsewhere'));
    const before = calls.callsTo('GET /api/v1/clients/').length;
    await act(() => router.navigate('/directory/clients'));
    await waitFor(() => expect(router.state.location.search).toBe('?rating=Blacklisted'));
    expect(await screen.findByRole('button', { name: 'Remove Blacklisted' })).toBeInTheDocument();
    // the first request after coming back already carries the saved filter
    const after = calls.callsTo('GET /api/v1/clients/').slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((c) => queryOf(c).get('rating') === 'Blacklisted')).toBe(true);
  });

  it('clears the filters, the URL and the saved copy at once', async () => {
    const calls = api();
    localStorage.setItem(KEY, 'rating=Blacklisted');
    const { user, router } = renderPage(<ClientsPage />, { path: '/directory/clients' });
    await screen.findByText('Irina Belova');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(lastListQuery(calls)?.get('rating')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('filters by when the plan ends with one range picker, sent as the two parameters the API reads', async () => {
    const calls = api();
    const { user, router } = renderPage(<ClientsPage />, {
      path: '/directory/clients',
      // nothing is answered from the cache: clearing the range asks the server again
      client: testQueryClient({ staleTime: 0 }),
    });
    await screen.findByText('Tom Jones');
    expect(screen.queryByRole('textbox', { name: /Plan ends from|Plan ends by/ })).not.toBeInTheDocument();
    const planEnds = screen.getByRole('textbox', { name: 'Plan ends' });
    await user.click(planEnds);
    await user.paste('01/03/2027 - 30/04/2027');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastListQuery(calls)?.get('membership_end_to')).toBe('2027-04-30'));
    expect(lastListQuery(calls)?.get('membership_end_from')).toBe('2027-03-01');
    // both ends in one step: no request carries only one of them
    const ranged = calls
      .callsTo('GET /api/v1/clients/')
      .filter((c) => queryOf(c).has('membership_end_from') || queryOf(c).has('membership_end_to'));
    expect(
      ranged.every((c) => queryOf(c).has('membership_end_from') && queryOf(c).has('membership_end_to')),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByText('Anna Ivanova')).not.toBeInTheDocument());
    expect(screen.getByText('Tom Jones')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?membership_end_from=2027-03-01&membership_end_to=2027-04-30');

    // Clear in the popup drops both parameters
    await user.click(planEnds);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastListQuery(calls)?.has('membership_end_from')).toBe(false);
    expect(lastListQuery(calls)?.has('membership_end_to')).toBe(false);
  });

  it('offers the renewal presets for the plan end: Next 30 days sends today to today + 30', async () => {
    const calls = api();
    const { user } = renderPage(<ClientsPage />, { path: '/directory/clients' });
    await screen.findByText('Tom Jones');
    await user.click(screen.getByRole('textbox', { name: 'Plan ends' }));
    expect(screen.getByRole('button', { name: 'This month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Custom Range' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next 30 days' }));
    const today = dayjs();
    await waitFor(() =>
      expect(lastListQuery(calls)?.get('membership_end_from')).toBe(today.format('YYYY-MM-DD')),
    );
    expect(lastListQuery(calls)?.get('membership_end_to')).toBe(today.add(30, 'day').format('YYYY-MM-DD'));
  });

  it('shows the plan-end range the URL holds', async () => {
    const calls = api();
    renderPage(<ClientsPage />, {
      path: '/directory/clients',
      url: '/directory/clients?membership_end_from=2027-01-01&membership_end_to=2027-12-31',
    });
    expect(await screen.findByText('Tom Jones')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Plan ends' })).toHaveValue('01/01/2027 - 31/12/2027');
    expect(lastListQuery(calls)?.get('membership_end_from')).toBe('2027-01-01');
    expect(lastListQuery(calls)?.get('membership_end_to')).toBe('2027-12-31');
    expect(screen.queryByText('Anna Ivanova')).not.toBeInTheDocument();
  });

  it('sorts by a column header and pages on the server', async () => {
    const calls = api();
    const { user, router } = renderPage(<ClientsPage />, { path: '/directory/clients' });
    await screen.findByText('Anna Ivanova');
    const email = screen.getByRole('button', { name: /Email/ });
    await user.click(email);
    await waitFor(() => expect(lastListQuery(calls)?.get('ordering')).toBe('email'));
    expect(email.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(email);
    await waitFor(() => expect(lastListQuery(calls)?.get('ordering')).toBe('-email'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery(calls)?.get('offset')).toBe('20'));
    expect(router.state.location.search).toBe('?ordering=-email&page=2');
  });

  it('opens a client by click or by Enter on the focused row', async () => {
    api();
    const { user, router } = renderPage(<ClientsPage />, {
      path: '/directory/clients',
      extraRoutes: { '/directory/clients/:id': <p>client page</p> },
    });
    const row = (await screen.findByText('Tom Jones')).closest('tr') as HTMLElement;
    row.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/directory/clients/3');
  });
});

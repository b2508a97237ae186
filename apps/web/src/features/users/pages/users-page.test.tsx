import type { User } from '@app/shared/users/user.schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { UsersPage } from './users-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BORIS: User = {
  id: 3,
  name: 'Boris Back',
  email: 'bo@example.com',
  avatar: null,
  type: 'user',
  role: 'BO',
  permissions: [],
  region: null,
  is_active: true,
  temporary_password: false,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
};

/** `users` answers GET users/; every call is recorded. */
function setup(users: () => Response | Promise<Response>, url = '/users') {
  const { calls } = fakeApi({
    'GET /api/v1/users/': users,
    'GET /api/v1/region/': () => json(200, { data: [], meta: { total: 0, limit: 100, offset: 0 } }),
    'PATCH /api/v1/users/3/': () => json(200, { data: { ...BORIS, is_active: false, version: 2 } }),
  });
  const { user, router } = renderPage(<UsersPage />, {
    path: '/users',
    url,
    user: { id: 1, type: 'admin', role: 'Admin' },
  });
  const lastQuery = () => queryOf(calls.filter((c) => routeKey(c) === 'GET /api/v1/users/').at(-1));
  return { calls, user, router, lastQuery };
}

const page = (data: User[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });

describe('Users page', () => {
  it('says the list is loading rather than that nothing matches', async () => {
    let release: (r: Response) => void = () => {};
    setup(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(await screen.findByText('Loading users…')).toBeInTheDocument();
    expect(screen.queryByText('No users match these filters.')).not.toBeInTheDocument();
    release(page([]));
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it('says the list could not be loaded when the call fails', async () => {
    setup(() => json(500, {}));
    expect(
      await screen.findByText('The users could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No users match these filters.')).not.toBeInTheDocument();
  });

  it('asks before deactivating a user, and sends nothing on Cancel', async () => {
    const { calls, user } = setup(() => page([BORIS]));
    await user.click(await screen.findByRole('button', { name: 'Deactivate Boris Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(dialog).toHaveTextContent('Deactivate Boris Back?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('searches by name or email, filters by role and status, and sorts on the server, all kept in the URL', async () => {
    const { user, router, lastQuery } = setup(() => page([BORIS]));
    await screen.findByText('Boris Back');
    expect(Object.fromEntries(lastQuery())).toEqual({ limit: '20', offset: '0', ordering: 'name' });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'bo{Enter}');
    await waitFor(() => expect(lastQuery().get('search')).toBe('bo'));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Backend' }));
    await waitFor(() => expect(lastQuery().get('role')).toBe('BO'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(lastQuery().get('is_active')).toBe('false'));
    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('email'));
    expect(router.state.location.search).toBe('?search=bo&role=BO&status=inactive&ordering=email');
  });

  it('opens on the page, filters and order the URL holds', async () => {
    const { lastQuery } = setup(() => page([BORIS]), '/users?role=FO&region=2&ordering=-role&page=2');
    await screen.findByText('Boris Back');
    expect(Object.fromEntries(lastQuery())).toEqual({
      limit: '20',
      offset: '20',
      ordering: '-role',
      role: 'FO',
      region: '2',
    });
  });
});

import type { User } from '@app/shared/users/user.schemas';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../../app/testing/test-providers.tsx';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { makeUser } from '../../../lib/testing/user-fixture.ts';
import { UsersPage } from './users-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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

/** `users` answers GET users/; every call is recorded as 'METHOD path'. */
function setup(users: () => Response | Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^https?:\/\/[^/]+/, '');
      calls.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
      if (url.startsWith('/api/v1/users/?') || url === '/api/v1/users/') return users();
      if (url.startsWith('/api/v1/region/')) return answer(200, { data: [] });
      if (init?.method === 'PATCH') return answer(200, { data: { ...BORIS, is_active: false, version: 2 } });
      return answer(404, {});
    }),
  );
  const client = testQueryClient();
  client.setQueryData(currentUserKey, makeUser({ id: 1, type: 'admin', role: 'Admin' }));
  const router = createMemoryRouter([{ path: '/users', element: <UsersPage /> }], {
    initialEntries: ['/users'],
  });
  render(
    <TestProviders client={client}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { calls, user: userEvent.setup() };
}

const page = (data: User[]) => answer(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });

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
    setup(() => answer(500, {}));
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
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../lib/session/access-token.ts';
import { currentUserKey } from '../../lib/session/current-user.ts';
import { TestProviders, testQueryClient } from '../../test/providers.tsx';
import { makeUser } from '../../test/user-fixture.ts';
import { AuthGuard, HomeRedirect } from './auth-guard.tsx';

const logoutMock = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../lib/session/logout.ts', () => ({ logout: logoutMock }));

function renderAt(path: string, client = testQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/recover', element: <p>recover page</p> },
      {
        Component: AuthGuard,
        children: [
          { index: true, Component: HomeRedirect },
          { path: '/requests', element: <p>requests page</p> },
          { path: '/accounting/accounting-workspace', element: <p>workspace page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders client={client}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, client };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  logoutMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthGuard (spec 2.1 and 4)', () => {
  it('sends a visitor without a stored token to /login', async () => {
    const { router } = renderAt('/requests');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the page asked for (path, query and fragment) in the sign-in address', async () => {
    const { router } = renderAt('/requests?search=yacht#top');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/requests?search=yacht#top');
  });

  it('keeps the page asked for when a temporary password sends the user to /recover', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const client = testQueryClient();
    client.setQueryData(currentUserKey, makeUser({ temporary_password: true }));
    const { router } = renderAt('/requests?search=yacht', client);
    expect(await screen.findByText('recover page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Frequests%3Fsearch%3Dyacht');
  });

  it('sends a user with a temporary password to /recover', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const client = testQueryClient();
    client.setQueryData(currentUserKey, makeUser({ temporary_password: true }));
    const { router } = renderAt('/requests', client);
    expect(await screen.findByText('recover page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recover');
  });

  it('shows the page to a signed-in user and sends the empty path on by role', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const client = testQueryClient();
    client.setQueryData(currentUserKey, makeUser({ role: 'Accountant' }));
    const { router } = renderAt('/', client);
    expect(await screen.findByText('workspace page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accounting/accounting-workspace');
  });

  it('validates a stored token with GET /api/v1/users/me/ before showing the page', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: makeUser() }), { headers: { 'Content-Type': 'application/json' } }),
    );
    renderAt('/');
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('requests page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/users/me/');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Token stored-token');
  });

  it('logs out when the server refuses the stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ errors: { detail: 'Invalid token.' } }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderAt('/requests');
    await waitFor(() => expect(logoutMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('requests page')).not.toBeInTheDocument();
  });
});

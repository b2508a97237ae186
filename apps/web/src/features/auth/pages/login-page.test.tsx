import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../../test/providers.tsx';
import { makeUser } from '../../../test/user-fixture.ts';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { LoginPage } from './login-page.tsx';
import { RecoverPage } from './recover-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toastStore.clear();
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/recover', element: <RecoverPage /> },
      { path: '/', element: <p>Start page</p> },
      { path: '/directory/suppliers', element: <p>Suppliers page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, user: userEvent.setup() };
}

describe('Sign-in and recovery focus', () => {
  it('puts the keyboard in the email box when the sign-in page opens', async () => {
    renderAt('/login');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('signs in with Enter typed in the password box', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: { ...makeUser(), auth_token: 'tok-1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderAt('/login');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('fo@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBe('tok-1');
  });

  it('lands on the deep link it was given (path, query and fragment) after sign-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: { ...makeUser(), auth_token: 'tok-2' } })),
    );
    const { router, user } = renderAt('/login?next=%2Fdirectory%2Fsuppliers%3Fsearch%3Dyacht%23list');
    await user.type(screen.getByLabelText('Email'), 'fo@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
    expect(await screen.findByText('Suppliers page')).toBeInTheDocument();
    const { pathname, search, hash } = router.state.location;
    expect(pathname + search + hash).toBe('/directory/suppliers?search=yacht#list');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
    'refuses %s as a place to go after sign-in (no open redirect)',
    async (next) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(200, { data: { ...makeUser(), auth_token: 'tok-3' } })),
      );
      const { router, user } = renderAt(`/login?next=${encodeURIComponent(next)}`);
      await user.type(screen.getByLabelText('Email'), 'fo@example.com');
      await user.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
      expect(await screen.findByText('Start page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('continues to the deep link once a temporary password is replaced, not before', async () => {
    localStorage.setItem('accessToken', 'tok-4');
    const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (String(url).endsWith('/users/me/password/') && method === 'POST') {
        return answer(200, { data: makeUser({ temporary_password: false }) });
      }
      return answer(200, { data: makeUser({ temporary_password: true }) });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderAt('/recover?next=%2Fdirectory%2Fsuppliers%3Fsearch%3Dyacht');
    const password = await screen.findByLabelText('New password');
    expect(screen.queryByText('Suppliers page')).not.toBeInTheDocument();
    await user.type(password, 'Longer-pass-42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Longer-pass-42');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Suppliers page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/directory/suppliers?search=yacht',
    );
  });

  it('shows a refused new password under its field on /recover, not only as a toast', async () => {
    localStorage.setItem('accessToken', 'tok-5');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
        String(url).endsWith('/users/me/password/') && init?.method === 'POST'
          ? answer(400, {
              errors: { new_password: ['Choose a password different from the current one.'] },
            })
          : answer(200, { data: makeUser({ temporary_password: true }) }),
      ),
    );
    const { user } = renderAt('/recover');
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'Same-as-before-1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Same-as-before-1');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose a password different from the current one.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/^Choose a password different/);
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('shows a refused password of a reset link under its field, and the link problem in the banner', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { errors: { password: ['Maximum 128 characters'], detail: ['x'] } })),
    );
    const { user } = renderAt('/recover?token=abc');
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'Longer-pass-42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Longer-pass-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Maximum 128 characters')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the keyboard in the email box of the reset-link form', async () => {
    renderAt('/recover');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('puts the keyboard in the new password box of a reset link', async () => {
    renderAt('/recover?token=abc');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../../app/testing/test-providers.tsx';
import { makeUser } from '../../../lib/testing/user-fixture.ts';
import { LoginPage } from './login-page.tsx';
import { RecoverPage } from './recover-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/recover', element: <RecoverPage /> },
      { path: '/', element: <p>Start page</p> },
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

  it('puts the keyboard in the email box of the reset-link form', async () => {
    renderAt('/recover');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('puts the keyboard in the new password box of a reset link', async () => {
    renderAt('/recover?token=abc');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
  });
});

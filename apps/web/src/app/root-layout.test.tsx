import { act, render, screen } from '@testing-library/react';
import { type ComponentType, StrictMode } from 'react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadingCounter } from '../lib/http/loading-counter.ts';
import type { NavigationHelper } from '../lib/navigation/navigation-helper.ts';
import { useNavigationHelper } from '../lib/navigation/use-navigation-helper.ts';
import { RootLayout } from './root-layout.tsx';

/** The helper the pages below were given, so a test can read its history and go back. */
let helper: NavigationHelper | undefined;

function Page({ name }: { name: string }) {
  helper = useNavigationHelper();
  return <p>{name}</p>;
}

function PageB() {
  return <p>page b</p>;
}

describe('RootLayout', () => {
  it('runs the loading bar while a navigation loads its page', async () => {
    let finish: (page: { Component: ComponentType }) => void = () => {};
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          children: [
            { path: '/a', element: <p>page a</p> },
            {
              path: '/b',
              lazy: () =>
                new Promise<{ Component: ComponentType }>((resolve) => {
                  finish = resolve;
                }),
            },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(loadingCounter.isActive()).toBe(false);

    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/b');
    });
    expect(loadingCounter.isActive()).toBe(true);
    await act(async () => {
      finish({ Component: PageB });
      await navigation;
    });
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(loadingCounter.isActive()).toBe(false);
  });

  it('records redirects in place of the entry they replace and skips the signed-out pages', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          children: [
            { path: '/login', element: <Page name="login" /> },
            { index: true, element: <Navigate to="/requests" replace /> },
            { path: '/requests', element: <Page name="requests" /> },
            { path: '/profile', element: <Page name="profile" /> },
          ],
        },
      ],
      { initialEntries: ['/login'] },
    );
    // strict mode runs the recording effect twice; recording must not depend on running once
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    expect(await screen.findByText('login')).toBeInTheDocument();
    // signing in goes to the empty path, which redirects by role
    await act(() => router.navigate('/', { replace: true }));
    expect(await screen.findByText('requests')).toBeInTheDocument();
    await act(() => router.navigate('/profile'));
    await act(() => router.navigate('/profile?tab=security', { replace: true }));
    expect(helper?.history()).toEqual(['/requests', '/profile?tab=security']);

    act(() => helper?.back('/fallback'));
    expect(await screen.findByText('requests')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/requests');
    // nothing left to go back to: the fallback, not the empty path that bounces to /requests
    act(() => helper?.back('/profile'));
    expect(await screen.findByText('profile')).toBeInTheDocument();
  });
});

import type { CurrentUser } from '@app/shared/users/user.schemas';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useMemo } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { createNavigationHelper } from '../lib/navigation/navigation-helper.ts';
import { NavigationHelperContext } from '../lib/navigation/use-navigation-helper.ts';
import { setCurrentUser } from '../lib/session/current-user.ts';
import { TestProviders, testQueryClient } from './providers.tsx';
import { makeUser } from './user-fixture.ts';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Set when the test uses `vi.useFakeTimers()`, so user-event advances the fake clock. */
  fakeTimers?: boolean;
  /** `window.location` path and query at the first render (query-param prefill). @default '/' */
  url?: string;
  /**
   * Mantine's `test` environment switches off transitions and portals so dropdowns show at once.
   * Use `default` to check real portal placement. @default 'test'
   */
  mantineEnv?: 'test' | 'default';
}

function TestMantine({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

function DefaultMantine({ children }: { children: ReactNode }) {
  return <MantineProvider>{children}</MantineProvider>;
}

/**
 * Testing Library flushes with a `setTimeout(0)` that it only advances when it sees a global
 * `jest` (it knows nothing of Vitest), so under fake timers every user-event call would hang.
 * This gives it the one method it calls.
 */
function shimJestClock() {
  const g = globalThis as { jest?: unknown };
  g.jest ??= { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
}

/** Renders a widget inside MantineProvider and returns a user-event instance bound to the same clock. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { fakeTimers, url = '/', mantineEnv = 'test', ...rest } = options;
  window.history.replaceState(null, '', url);
  if (fakeTimers) shimJestClock();
  // delay: null types without a timer per key, which keeps long typing fast on a busy machine.
  const user = userEvent.setup(
    fakeTimers ? { delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null },
  );
  return {
    user,
    ...render(ui, { wrapper: mantineEnv === 'test' ? TestMantine : DefaultMantine, ...rest }),
  };
}

export interface RenderPageOptions {
  /** The route pattern the element renders at (`/directory/clients/:id`). @default '*' */
  path?: string;
  /** The first URL. @default `path`, or `/` when the path is `*` */
  url?: string;
  /** Changes to the signed-in user (`makeUser()`, an FO). */
  user?: Partial<CurrentUser>;
  client?: QueryClient;
  /** Set when the test uses `vi.useFakeTimers()`, so user-event advances the fake clock. */
  fakeTimers?: boolean;
  /** More routes, each rendered with the navigation helper (`{ '/directory/clients/:id': <p /> }`). */
  extraRoutes?: Record<string, ReactElement>;
}

function HelperRoot({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const helper = useMemo(() => createNavigationHelper((url) => void navigate(url)), [navigate]);
  return <NavigationHelperContext value={helper}>{children}</NavigationHelperContext>;
}

/**
 * Renders a page or a component that needs the app around it: the app's theme, a fresh query
 * client holding the signed-in user, a memory router and the navigation helper. `/elsewhere` is
 * there to leave the page and come back.
 */
export function renderPage(element: ReactElement, options: RenderPageOptions = {}) {
  const { path = '*', fakeTimers } = options;
  const client = options.client ?? testQueryClient();
  setCurrentUser(client, makeUser(options.user));
  const routes = [
    { path, element: <HelperRoot>{element}</HelperRoot> },
    { path: '/elsewhere', element: <p>elsewhere</p> },
    ...Object.entries(options.extraRoutes ?? {}).map(([extraPath, extra]) => ({
      path: extraPath,
      element: <HelperRoot>{extra}</HelperRoot>,
    })),
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [options.url ?? (path === '*' ? '/' : path)],
  });
  if (fakeTimers) shimJestClock();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const view = render(
    <TestProviders client={client}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, user, router, client };
}

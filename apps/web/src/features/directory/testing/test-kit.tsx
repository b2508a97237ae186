import type { CurrentUser } from '@app/shared/users/user.schemas';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useMemo } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { createNavigationHelper } from '../../../app/navigation/navigation-helper.ts';
import { NavigationHelperContext } from '../../../app/navigation/use-navigation-helper.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';
import { makeUser } from '../../../lib/testing/user-fixture.ts';

/** Test support for directory pages: a fake API behind `fetch` and a page inside the app's providers. */

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

export interface ApiAnswer {
  status?: number;
  body?: unknown;
}

export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/**
 * Replaces `fetch`: `handlers` are keyed `METHOD /api/v1/path/` (no query). An unknown call answers
 * 404 so a test notices it. Every call is recorded, query string included.
 */
export function fakeApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: kept as text
      }
    }
    const call = { method, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { errors: { detail: 'Not found.' } } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls to one path, e.g. `GET /api/v1/clients/`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === key),
  };
}

export const listOf = <T,>(data: T[], total = data.length) => ({
  body: { data, meta: { total, limit: 20, offset: 0 } },
});

/** The FO user the directory tests sign in as (the demo data's Fiona Front). */
export function demoUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return makeUser({ id: 3, name: 'Fiona Front', ...overrides });
}

function HelperRoot({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const helper = useMemo(() => createNavigationHelper((url) => void navigate(url)), [navigate]);
  return <NavigationHelperContext value={helper}>{children}</NavigationHelperContext>;
}

/**
 * Renders `element` at `path` (a route pattern such as `/directory/clients/:id`) starting from
 * `url`, with a signed-in user, a fresh query cache and the navigation helper. `/elsewhere` is
 * there to leave the page and come back.
 */
export function renderPage(
  element: ReactElement,
  options: { path: string; url?: string; user?: CurrentUser; extraRoutes?: Record<string, ReactElement> },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  setCurrentUser(queryClient, options.user ?? demoUser());
  const routes = [
    { path: options.path, element: <HelperRoot>{element}</HelperRoot> },
    { path: '/elsewhere', element: <p>elsewhere</p> },
    ...Object.entries(options.extraRoutes ?? {}).map(([path, el]) => ({
      path,
      element: <HelperRoot>{el}</HelperRoot>,
    })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? options.path] });
  const result = render(
    // env="test": no transitions, and no "reference hidden" check, which happy-dom's empty layout trips
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

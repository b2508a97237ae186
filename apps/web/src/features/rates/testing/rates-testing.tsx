import type { CurrentUser } from '@app/shared/users/user.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { makeUser, TestProviders, testQueryClient } from '../../../app/testing/test-providers.tsx';
import { currentUserKey } from '../../../lib/session/current-user.ts';

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

type Route = (call: FetchCall) => Response | Promise<Response> | undefined;

export const json = (status: number, body: unknown): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Replaces fetch with a tiny fake server: each call goes to the first route that answers; the
 * calls are recorded (method, path with query, parsed JSON body).
 */
export function fakeServer(...routes: Route[]) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = raw.replace(/^https?:\/\/[^/]+/, '');
    const call = {
      method: init?.method ?? 'GET',
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    for (const route of routes) {
      const answer = await route(call);
      if (answer) return answer;
    }
    return json(404, { errors: { detail: `No fake route for ${call.method} ${url}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders inside Mantine (test mode), a fresh query client holding the signed-in user, and a router. */
export function renderWithApp(
  ui: ReactElement,
  options: { user?: Partial<CurrentUser>; path?: string; client?: QueryClient; fakeTimers?: boolean } = {},
) {
  const client = options.client ?? testQueryClient();
  client.setQueryData(
    currentUserKey,
    makeUser({ role: 'Accountant', permissions: ['CAN_ADD_RATES'], ...options.user }),
  );
  const router = createMemoryRouter(
    [
      { path: '/accounting/exchange-rates', element: ui },
      { path: '*', element: ui },
    ],
    { initialEntries: [options.path ?? '/requests'] },
  );
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  if (options.fakeTimers) {
    // Testing Library advances fake clocks only through a global `jest`; give it the one method it calls.
    const g = globalThis as { jest?: unknown };
    g.jest ??= { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
  }
  const view = render(
    <TestProviders client={client}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, user, router, client };
}

import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';

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

function TestProviders({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

function DefaultProviders({ children }: { children: ReactNode }) {
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

/** Renders inside MantineProvider and returns a user-event instance bound to the same clock. */
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
    ...render(ui, { wrapper: mantineEnv === 'test' ? TestProviders : DefaultProviders, ...rest }),
  };
}

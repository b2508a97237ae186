import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadingCounter } from '../lib/http/loading-counter.ts';
import { RootLayout } from './root-layout.tsx';

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
});

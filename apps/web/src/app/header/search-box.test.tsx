import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders, testQueryClient } from '../../test/providers.tsx';
import { SearchBox } from './search-box.tsx';
import { searchUrl } from './search-url.ts';

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/requests', element: <SearchBox /> },
      { path: '/search', element: <p>search page</p> },
    ],
    { initialEntries: ['/requests'] },
  );
  render(
    <TestProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('header search (spec 2.3)', () => {
  it('builds the search URL from the trimmed text, dropping empty values', () => {
    expect(searchUrl('  hotel Dubai ')).toBe('/search?search=hotel+Dubai#Requests');
    expect(searchUrl('   ')).toBe('/search#Requests');
    expect(searchUrl('a&b=c')).toBe('/search?search=a%26b%3Dc#Requests');
  });

  it('toggles between the icon and a 400 px popup that X closes', async () => {
    const user = userEvent.setup();
    renderSearch();
    expect(screen.queryByRole('textbox', { name: 'Search text' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('textbox', { name: 'Search text' });
    expect(input).toBeVisible();
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '400px' });
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('textbox', { name: 'Search text' })).not.toBeInTheDocument();
  });

  it('runs the search on Enter with the trimmed text', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search text' }), '  Ritz London  ');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search text' }), { key: 'Enter' });
    expect(await screen.findByText('search page')).toBeInTheDocument();
    const { pathname, search, hash } = router.state.location;
    expect(pathname).toBe('/search');
    expect(new URLSearchParams(search).get('search')).toBe('Ritz London');
    expect(hash).toBe('#Requests');
  });

  it('drops an empty search value', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search text' }), '   {Enter}');
    expect(await screen.findByText('search page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('#Requests');
  });
});

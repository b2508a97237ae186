import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { SearchPage } from './search-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RESULT = {
  clients: [
    {
      id: 7,
      named: 'Irina Belova',
      email: 'irina@example.com',
      phone: null,
      rating: 'Blacklisted',
      blacklisted: true,
      membership: 'the_one',
      archived: false,
    },
  ],
  suppliers: [],
};

function setup(url: string) {
  const api = fakeApi({ 'GET /api/v1/search/': () => ({ body: { data: RESULT } }) });
  return { ...renderPage(<SearchPage />, { path: '/search', url }), api };
}

describe('Search page', () => {
  it('opens on the tab named by the fragment, Requests by default', async () => {
    const { router } = setup('/search?search=irina');
    expect(await screen.findByRole('tab', { name: 'Requests', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '1 client' })).toBeInTheDocument();
    await act(() => router.navigate('/search?search=irina#Clients'));
    expect(screen.getByRole('tab', { name: /Clients/, selected: true })).toBeInTheDocument();
  });

  it('lists the clients found, linking to each, with a blacklisted one marked', async () => {
    const { api } = setup('/search?search=%20irina%20#Clients');
    const link = await screen.findByRole('link', { name: 'Irina Belova' });
    expect(link).toHaveAttribute('href', '/directory/clients/7');
    expect(screen.getByText('Blacklisted')).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /api/v1/search/')[0]).get('search')).toBe('irina');
  });

  it('says when nothing matches in a group, and searches again with the trimmed text', async () => {
    const { user, router, api } = setup('/search?search=irina#Suppliers');
    expect(await screen.findByText('No suppliers match “irina”')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search for' });
    await user.clear(box);
    await user.type(box, '  belova {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=belova'));
    expect(router.state.location.hash).toBe('#Suppliers');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/v1/search/').at(-1)).get('search')).toBe('belova'),
    );
  });

  it('asks for text and calls nothing when the search is empty', () => {
    const { api } = setup('/search#Clients');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Type a name');
    expect(api.calls).toHaveLength(0);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { SearchPage } from './search-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RESULT = {
  requests: [] as unknown[],
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

const HIT = {
  id: 42,
  number: 'BSLF-2026-00042',
  company: 'BSLF',
  client: { id: 7, name: 'Irina Belova' },
  status: 'Confirmed',
  date_from: '2026-05-01',
  date_to: '2026-05-04',
  supplier_names: 'The Ritz Paris, Blacklane',
  description: 'Paris weekend',
};

function setup(url: string, result: object = RESULT) {
  const api = fakeApi({ 'GET /api/v1/search/': () => ({ body: { data: result } }) });
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

  it('lists the requests found on the default tab: number linking to the request, status, client, dates', async () => {
    setup('/search?search=ritz', { ...RESULT, requests: [HIT] });
    const link = await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(screen.getByRole('tab', { name: /Requests/, selected: true })).toHaveTextContent('Requests1');
    expect(link).toHaveAttribute('href', '/requests/42');
    const row = link.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Confirmed');
    expect(row).toHaveTextContent('Irina Belova');
    expect(row).toHaveTextContent('01/05/2026 – 04/05/2026');
    expect(row).toHaveTextContent('The Ritz Paris, Blacklane');
  });

  it('links to the whole list when the requests found fill the group', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...HIT, id: i + 1, number: `BSLF-2026-0000${i}` }));
    setup('/search?search=ritz#Requests', { ...RESULT, requests: many });
    expect(
      await screen.findByRole('link', { name: 'Show every matching request in the list' }),
    ).toHaveAttribute('href', '/requests?search=ritz');
    expect(screen.getByRole('tab', { name: /Requests/ })).toHaveTextContent('10+');
  });

  it('says when no request matches and where else the text was found', async () => {
    const { user, router } = setup('/search?search=irina');
    expect(await screen.findByText('No requests match “irina”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '1 client' }));
    expect(router.state.location.hash).toBe('#Clients');
  });

  it('asks for text and calls nothing when the search is empty', () => {
    const { api } = setup('/search#Clients');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Type a request number');
    expect(api.calls).toHaveLength(0);
  });
});

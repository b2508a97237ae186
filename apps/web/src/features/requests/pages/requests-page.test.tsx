import type { RequestListItem } from '@app/shared/requests/requests.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { RequestsPage } from './requests-page.tsx';

const ROW: RequestListItem = {
  id: 42,
  number: 'BSLF-2026-00042',
  kind: 'service',
  company: { id: 1, code: 'BSLF' },
  client: { id: 9, name: 'Anna Ivanova' },
  fo_manager: { id: 3, name: 'Fiona Front' },
  bo_manager: { id: 4, name: 'Boris Back' },
  office: { id: 1, title: 'London', ccy: 'GBP' },
  status: 'In progress',
  date_from: '2026-05-01',
  date_to: '2026-05-04',
  service_types: ['Hotel', 'Transportation'],
  supplier_names: 'The Ritz, Blacklane',
  base_currency: 'GBP',
  sell_total: '12500.5',
  margin: '-310.00',
  has_invoice: false,
  lines_count: 2,
  created_at: '2026-04-20T10:00:00Z',
  version: 3,
};

const page = (data: RequestListItem[]) =>
  json(200, { data, meta: { total: data.length, limit: 20, offset: 0, total_estimated: false } });

/** Pickers (clients, managers, offices) open empty, and preload nothing they do not know. */
const pickers = (call: ApiCall) => {
  const path = routeKey(call);
  if (['GET /api/v1/clients/', 'GET /api/v1/managers/picker/', 'GET /api/v1/region/'].includes(path))
    return json(200, { data: [], meta: { total: 0, limit: 20, offset: 0 } });
  return undefined;
};

function setup(url = '/requests', rows: RequestListItem[] = [ROW]) {
  const api = fakeApi({ 'GET /api/v1/requests/': () => page(rows) }, pickers);
  const rendered = renderPage(<RequestsPage />, { path: '/requests', url, user: { role: 'FO' } });
  const lastQuery = () => queryOf(api.callsTo('GET /api/v1/requests/').at(-1));
  return { ...api, ...rendered, lastQuery };
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/requests', () => {
  it('says the total is about so many when the server estimated it (more than 1,000 matches)', async () => {
    fakeApi(
      {
        'GET /api/v1/requests/': () =>
          json(200, { data: [ROW], meta: { total: 48000, limit: 20, offset: 0, total_estimated: true } }),
      },
      pickers,
    );
    renderPage(<RequestsPage />, { path: '/requests', url: '/requests', user: { role: 'FO' } });
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(screen.getByTestId('list-total')).toHaveTextContent('1–20 of about 48,000');
  });

  it('shows what a manager scans: number linking to the request, dates, services, managers, money in base currency, a negative margin in red', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Requests' });
    const link = await within(table).findByRole('link', { name: 'BSLF-2026-00042' });
    expect(link).toHaveAttribute('href', '/requests/42');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Anna Ivanova');
    expect(row).toHaveTextContent('01/05/2026 – 04/05/2026');
    expect(row).toHaveTextContent('Hotel, Transportation');
    expect(row).toHaveTextContent('The Ritz, Blacklane');
    expect(row).toHaveTextContent('FO Fiona Front');
    expect(row).toHaveTextContent('BO Boris Back');
    expect(row).toHaveTextContent('In progress');
    expect(row).toHaveTextContent('12 500.50 GBP');
    // the Margin column, and the copy a phone shows under the number
    const margins = within(row).getAllByText('-310.00 GBP');
    expect(margins).toHaveLength(2);
    for (const margin of margins) expect(margin).toHaveAttribute('data-negative', 'true');
  });

  it('reads every filter from the URL into the API query, and leaves out values the API would refuse', async () => {
    const { lastQuery } = setup(
      '/requests?company=TPRO&status=Confirmed&client=9&fo_manager=3&bo_manager=4&region=2&date_from=2026-05-01&date_to=2026-05-31&service_type=Private+jet&invoice=none&search=ritz',
    );
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(Object.fromEntries(lastQuery())).toEqual({
      limit: '20',
      offset: '0',
      ordering: '-created_at',
      search: 'ritz',
      company: 'TPRO',
      status: 'Confirmed',
      client: '9',
      fo_manager: '3',
      bo_manager: '4',
      region: '2',
      date_from: '2026-05-01',
      date_to: '2026-05-31',
      service_type: 'Private jet',
      invoice: 'none',
    });
  });

  it('drops a hand-edited value the API would refuse', async () => {
    const { lastQuery } = setup(
      '/requests?status=Lost&company=ACME&client=abc&date_from=01/05/2026&invoice=maybe',
    );
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(Object.fromEntries(lastQuery())).toEqual({ limit: '20', offset: '0', ordering: '-created_at' });
  });

  it('filters by company, status, service type and group invoice, kept in the URL and the query', async () => {
    const { user, router, lastQuery } = setup();
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'AIRS' }));
    await waitFor(() => expect(lastQuery().get('company')).toBe('AIRS'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Invoiced' }));
    await waitFor(() => expect(lastQuery().get('status')).toBe('Invoiced'));
    await user.click(screen.getByRole('combobox', { name: 'Service type' }));
    await user.click(await screen.findByRole('option', { name: 'Accounting' }));
    await waitFor(() => expect(lastQuery().get('service_type')).toBe('Accounting'));
    await user.click(screen.getByRole('combobox', { name: 'Group invoice' }));
    expect(screen.getByRole('option', { name: 'Has invoice' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'No invoice' }));
    await waitFor(() => expect(lastQuery().get('invoice')).toBe('none'));
    expect(router.state.location.search).toBe(
      '?company=AIRS&status=Invoiced&service_type=Accounting&invoice=none',
    );
    // saved for the navigation helper (spec 2.4): the bare list brings them back
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    await act(() => router.navigate('/requests'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?company=AIRS&status=Invoiced&service_type=Accounting&invoice=none',
      ),
    );
  });

  it('sorts on the server by a column header: ascending, descending, then the default', async () => {
    const { user, router, lastQuery } = setup();
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    await user.click(screen.getByRole('button', { name: /Margin/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('margin'));
    await user.click(screen.getByRole('button', { name: /Margin/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('-margin'));
    expect(router.state.location.search).toBe('?ordering=-margin');
    await user.click(screen.getByRole('button', { name: /Margin/ }));
    // back to the default (newest first): the first page's answer is still in the cache
    await waitFor(() => expect(router.state.location.search).toBe(''));
    for (const header of ['Number', 'Client', 'Dates', 'Status', 'Sell total'])
      expect(screen.getByRole('button', { name: new RegExp(header) })).toBeInTheDocument();
  });

  it('exports what the filters match, without paging, as CSV or XLSX', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const api = fakeApi(
      { 'GET /api/v1/requests/': () => page([ROW]) },
      {
        'GET /api/v1/requests/export/': () =>
          new Response('number\n', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="requests.xlsx"' },
          }),
      },
      pickers,
    );
    const { user } = renderPage(<RequestsPage />, {
      path: '/requests',
      url: '/requests?status=Confirmed&page=2&ordering=margin',
    });
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/requests/export/')).toHaveLength(1));
    expect(Object.fromEntries(queryOf(api.callsTo('GET /api/v1/requests/export/')[0]))).toEqual({
      ordering: 'margin',
      status: 'Confirmed',
      format: 'xlsx',
    });
  });

  it('offers FO a new request', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'New request' })).toHaveAttribute(
      'href',
      '/requests/create',
    );
  });

  it('offers an Accountant a new accounting request, the kind their role opens', async () => {
    fakeApi({ 'GET /api/v1/requests/': () => page([ROW]) }, pickers);
    renderPage(<RequestsPage />, { path: '/requests', user: { role: 'Accountant' } });
    expect(await screen.findByRole('link', { name: 'New accounting request' })).toHaveAttribute(
      'href',
      '/requests/create-accounting',
    );
    expect(screen.queryByRole('link', { name: 'New request' })).not.toBeInTheDocument();
  });

  it('shows a line-status filter from a link as a note above the table, and Show all takes it off', async () => {
    const { user, router, lastQuery } = setup('/requests?line_status=Confirmed&company=BSLF');
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(lastQuery().get('line_status')).toBe('Confirmed');
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Showing requests with a Confirmed line');
    // above the table, not one more control in the filter bar
    expect(within(screen.getByRole('region', { name: 'Filters' })).queryByText(/Confirmed line/)).toBeNull();
    expect(
      note.compareDocumentPosition(screen.getByRole('table', { name: 'Requests' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(within(note).getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?company=BSLF'));
    await waitFor(() => expect(lastQuery().has('line_status')).toBe(false));
    expect(lastQuery().get('company')).toBe('BSLF');
    expect(screen.queryByText(/Showing requests with/)).toBeNull();
  });

  it('shows no note for a line status the API does not know', async () => {
    const { lastQuery } = setup('/requests?line_status=Lost');
    await screen.findByRole('link', { name: 'BSLF-2026-00042' });
    expect(lastQuery().has('line_status')).toBe(false);
    expect(screen.queryByText(/Showing requests with/)).toBeNull();
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    setup('/requests?status=Canceled', []);
    expect(await screen.findByText('No requests match these filters.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Clear filters/ }).length).toBeGreaterThan(0);
  });
});

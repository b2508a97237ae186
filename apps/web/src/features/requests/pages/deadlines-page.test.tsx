import type { DeadlineListItem, RequestRecord } from '@app/shared/requests/requests.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { addDays, todayIso } from '../../../ui/dates/date-format.ts';
import { deadlinesQuery } from '../components/deadlines/deadlines-filters.ts';
import { DeadlineAlert } from '../components/request/deadline-alert.tsx';
import { DeadlinesPage } from './deadlines-page.tsx';
import { RequestsPage } from './requests-page.tsx';

const today = todayIso();
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const item = (id: number, patch: Partial<DeadlineListItem>): DeadlineListItem => ({
  id,
  type: 'Prepayment',
  due_date: today,
  amount: '1250.50',
  currency: 'GBP',
  overdue: false,
  request: { id: 42, number: 'BSLF-2026-00042' },
  line: { id: 7, service_type: 'Hotel', status: 'Confirmed' },
  supplier: { id: 5, name: 'The Ritz London' },
  client: { id: 9, name: 'Anna Ivanova' },
  fo_manager: { id: 3, name: 'Fiona Front' },
  bo_manager: { id: 4, name: 'Boris Back' },
  office: { id: 1, title: 'London', ccy: 'GBP' },
  ...patch,
});

const OVERDUE = item(1, { due_date: addDays(today, -3), overdue: true, amount: '300.00' });
const SOON = item(2, {
  type: 'Final payment',
  due_date: addDays(today, 2),
  amount: '9800.00',
  currency: 'EUR',
  request: { id: 43, number: 'TPRO-2026-00007' },
  line: { id: 8, service_type: 'Private jet', status: null },
  supplier: null,
  bo_manager: null,
});
const LATER = item(3, { type: 'Part payment', due_date: addDays(today, 20), amount: '50.00' });

const page = (data: DeadlineListItem[]) =>
  json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });

const pickers = (call: ApiCall) => {
  const path = routeKey(call);
  if (path === 'GET /api/v1/region/')
    return json(200, {
      data: [{ id: 2, title: 'Dubai', ccy: 'AED' }],
      meta: { total: 1, limit: 20, offset: 0 },
    });
  if (path === 'GET /api/v1/managers/picker/')
    return json(200, {
      data: [{ id: 4, named: 'Boris Back', role: 'BO', office: null, office_title: 'London' }],
      meta: { total: 1, limit: 20, offset: 0 },
    });
  return undefined;
};

function setup(url = '/requests/deadlines', rows: DeadlineListItem[] = [OVERDUE, SOON, LATER]) {
  const api = fakeApi({ 'GET /api/v1/deadlines/': () => page(rows) }, pickers);
  const rendered = renderPage(<DeadlinesPage />, {
    path: '/requests/deadlines',
    url,
    user: { role: 'BO' },
    extraRoutes: { '/requests/:id': <p>request page</p> },
  });
  const lastQuery = () => Object.fromEntries(queryOf(api.callsTo('GET /api/v1/deadlines/').at(-1)));
  return { ...api, ...rendered, lastQuery };
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/requests/deadlines', () => {
  it('asks for the overdue and the next 7 days by default, sorted by due date', async () => {
    const { lastQuery } = setup();
    await screen.findByRole('table', { name: 'Deadline payments' });
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        limit: '20',
        offset: '0',
        ordering: 'due_date',
        due_before: addDays(today, 7),
      }),
    );
    expect(screen.getByRole('radio', { name: 'Next 7 days' })).toBeChecked();
  });

  it('shows date, type, amount with currency, the request as a link, line, supplier and managers; overdue red, within 7 days orange', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Deadline payments' });
    const link = (await within(table).findAllByRole('link', { name: 'BSLF-2026-00042' }))[0] as HTMLElement;
    expect(link).toHaveAttribute('href', '/requests/42');
    const overdue = link.closest('tr') as HTMLElement;
    expect(overdue).toHaveAttribute('data-urgency', 'overdue');
    expect(overdue).toHaveTextContent(ddmmyyyy(OVERDUE.due_date));
    expect(overdue).toHaveTextContent('Overdue');
    expect(overdue).toHaveTextContent('Prepayment');
    expect(overdue).toHaveTextContent('300.00 GBP');
    expect(overdue).toHaveTextContent('Anna Ivanova · London');
    expect(overdue).toHaveTextContent('Hotel');
    expect(overdue).toHaveTextContent('Confirmed');
    expect(overdue).toHaveTextContent('The Ritz London');
    expect(overdue).toHaveTextContent('FO Fiona Front');
    expect(overdue).toHaveTextContent('BO Boris Back');
    expect(within(overdue).getByTestId('deadline-due').getAttribute('style')).toContain(
      '--mantine-color-red-7',
    );

    const soon = (within(table).getAllByRole('link', { name: 'TPRO-2026-00007' })[0] as HTMLElement).closest(
      'tr',
    ) as HTMLElement;
    expect(soon).toHaveAttribute('data-urgency', 'soon');
    expect(soon).toHaveTextContent('Within 7 days');
    expect(soon).toHaveTextContent('9 800.00 EUR');
    expect(soon).toHaveTextContent('Private jet');
    expect(soon).toHaveTextContent('Not confirmed');
    expect(soon).toHaveTextContent('BO —');
    expect(within(soon).getByTestId('deadline-due').getAttribute('style')).toContain(
      '--mantine-color-orange-7',
    );

    const later = within(table).getByText(ddmmyyyy(LATER.due_date)).closest('tr') as HTMLElement;
    expect(later).not.toHaveAttribute('data-urgency');
    expect(later).not.toHaveTextContent('Overdue');
  });

  it('sends the query of each window, office and manager, keeps them in the URL, and sorts by amount', async () => {
    const { user, router, lastQuery } = setup();
    await screen.findByRole('table', { name: 'Deadline payments' });

    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ limit: '20', offset: '0', ordering: 'due_date', overdue: 'true' }),
    );
    await user.click(screen.getByRole('radio', { name: 'All upcoming' }));
    await waitFor(() => expect(lastQuery().overdue).toBe('false'));
    expect(lastQuery().due_before).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: 'Office' }));
    await user.click(await screen.findByRole('option', { name: /Dubai/ }));
    await waitFor(() => expect(lastQuery().region).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    await user.click(await screen.findByRole('option', { name: /Boris Back/ }));
    await waitFor(() => expect(lastQuery().manager).toBe('4'));

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('amount'));
    expect(router.state.location.search).toBe('?window=all&region=2&manager=4&ordering=amount');

    // back to the default window: it leaves the URL
    await user.click(screen.getByRole('radio', { name: 'Next 7 days' }));
    await waitFor(() => expect(lastQuery().due_before).toBe(addDays(today, 7)));
    expect(router.state.location.search).toBe('?region=2&manager=4&ordering=amount');
  });

  it('offers the Admins who manage requests in the manager filter, labelled Admin, and preloads one from the URL', async () => {
    const ALICE = {
      id: 1,
      named: 'Alice Admin',
      role: 'Admin',
      office: { id: 1, title: 'London', ccy: 'GBP' },
      office_title: 'London',
      extra: 'Admin · London',
    };
    const BORIS = {
      id: 4,
      named: 'Boris Back',
      role: 'BO',
      office: null,
      office_title: 'London',
      extra: 'London',
    };
    const managers = (call: ApiCall) =>
      routeKey(call) === 'GET /api/v1/managers/picker/'
        ? json(200, {
            data: queryOf(call).get('with_admins') === 'true' ? [ALICE, BORIS] : [BORIS],
            meta: { total: 2, limit: 20, offset: 0 },
          })
        : undefined;
    const api = fakeApi(managers, { 'GET /api/v1/deadlines/': () => page([OVERDUE]) }, pickers);
    const { user, router } = renderPage(<DeadlinesPage />, {
      path: '/requests/deadlines',
      url: '/requests/deadlines',
      user: { role: 'BO' },
    });
    await screen.findByRole('table', { name: 'Deadline payments' });
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    const alice = await screen.findByRole('option', { name: /Alice Admin/ });
    expect(alice).toHaveTextContent('Admin · London');
    expect(screen.getByRole('option', { name: /Boris Back/ })).toHaveTextContent('London');
    const listCall = api.callsTo('GET /api/v1/managers/picker/').at(-1);
    expect(queryOf(listCall).get('with_admins')).toBe('true');
    await user.click(alice);
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/v1/deadlines/').at(-1)).get('manager')).toBe('1'),
    );
    expect(router.state.location.search).toBe('?manager=1');
  });

  it('shows an Admin manager held in the URL by name (the preload asks with_admins too)', async () => {
    const api = fakeApi(
      (call) =>
        routeKey(call) === 'GET /api/v1/managers/picker/' && queryOf(call).get('with_admins') === 'true'
          ? json(200, {
              data: [
                {
                  id: 1,
                  named: 'Alice Admin',
                  role: 'Admin',
                  office: null,
                  office_title: null,
                  extra: 'Admin',
                },
              ],
              meta: { total: 1, limit: 20, offset: 0 },
            })
          : undefined,
      { 'GET /api/v1/deadlines/': () => page([OVERDUE]) },
      pickers,
    );
    renderPage(<DeadlinesPage />, {
      path: '/requests/deadlines',
      url: '/requests/deadlines?manager=1',
      user: { role: 'BO' },
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Manager' })).toHaveTextContent('Alice Admin'),
    );
    const preload = api
      .callsTo('GET /api/v1/managers/picker/')
      .find((c) => queryOf(c).get('item') === 'true');
    expect(Object.fromEntries(queryOf(preload))).toEqual({ search: '1', item: 'true', with_admins: 'true' });
  });

  it('opens the request from a row', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Deadline payments' });
    await user.click(await within(table).findByText('Final payment'));
    expect(await screen.findByText('request page')).toBeInTheDocument();
  });

  it('says so when nothing is due, and offers to clear the filters when filtered', async () => {
    const first = setup('/requests/deadlines', []);
    expect(await screen.findByText('Nothing overdue or due within 7 days.')).toBeInTheDocument();
    first.unmount();
    localStorage.clear();
    const { user, router } = setup('/requests/deadlines?window=overdue&region=2', []);
    expect(await screen.findByText('No deadline payments match these filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("is reached from the requests list and from a request's deadline alert", async () => {
    fakeApi(
      { 'GET /api/v1/requests/': () => json(200, { data: [], meta: { total: 0, limit: 20, offset: 0 } }) },
      pickers,
      (call) =>
        ['GET /api/v1/clients/'].includes(routeKey(call))
          ? json(200, { data: [], meta: { total: 0, limit: 20, offset: 0 } })
          : undefined,
    );
    const list = renderPage(<RequestsPage />, { path: '/requests', user: { role: 'BO' } });
    expect(await screen.findByRole('link', { name: 'Deadline payments' })).toHaveAttribute(
      'href',
      '/requests/deadlines',
    );
    list.unmount();
    const request = {
      canceled_at: null,
      lines: [
        {
          id: 7,
          service_type: 'Hotel',
          service_subtype: null,
          status: null,
          cost_currency: 'GBP',
          supplier: { id: 5, name: 'The Ritz London' },
          deadlines: [{ id: 1, type: 'Prepayment', due_date: addDays(today, -1), amount: '10.00' }],
        },
      ],
    } as unknown as RequestRecord;
    renderPage(<DeadlineAlert request={request} today={today} />);
    expect(await screen.findByRole('link', { name: 'All deadlines' })).toHaveAttribute(
      'href',
      '/requests/deadlines',
    );
  });

  it('leaves out what the API would refuse from a hand-edited URL', () => {
    const state = {
      page: 2,
      pageSize: 50,
      ordering: 'client',
      search: '',
      filters: { window: 'x', region: 'abc', manager: '7' },
    };
    expect(deadlinesQuery(state, '2026-05-01')).toEqual({
      limit: 50,
      offset: 50,
      ordering: 'due_date',
      due_before: '2026-05-08',
      manager: 7,
    });
    expect(
      deadlinesQuery({ ...state, ordering: '-amount', filters: { window: 'overdue' } }, '2026-05-01'),
    ).toEqual({
      limit: 50,
      offset: 50,
      ordering: '-amount',
      overdue: true,
    });
  });
});

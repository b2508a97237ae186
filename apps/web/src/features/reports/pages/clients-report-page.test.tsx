import type { Role } from '@app/shared/auth/roles';
import type { ClientsReport, ClientsReportRow } from '@app/shared/reports/clients-report.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { axisThroughZero } from '../components/report-chart.tsx';
import { ClientsReportPage } from './clients-report-page.tsx';

const NOW = new Date('2026-05-10T12:00:00Z');

const ANNA: ClientsReportRow = {
  client: { id: 9, name: 'Anna Ivanova' },
  archived: false,
  membership: 'the_one',
  membership_end: '2026-12-31',
  rating: 'Strategic',
  fo_manager: { id: 3, name: 'Fiona Front' },
  office: { id: 1, title: 'London', ccy: 'GBP' },
  requests: 3,
  sales: '12500.00',
  cost: '10000.00',
  margin: '2500.00',
  margin_pct: '20.00',
  open_balance: [
    { currency: 'GBP', amount: '1250.00' },
    { currency: 'EUR', amount: '-40.00' },
  ],
  credit: [{ currency: 'USD', amount: '300.00' }],
};
const BORIS: ClientsReportRow = {
  ...ANNA,
  client: { id: 12, name: 'Boris Godunov' },
  membership: null,
  membership_end: null,
  requests: 1,
  sales: '1000.00',
  cost: '1200.00',
  margin: '-200.00',
  margin_pct: '-20.00',
  open_balance: [],
  credit: [],
};

const report = (rows: ClientsReportRow[]): ClientsReport => ({
  data: rows,
  meta: { total: rows.length, limit: 50, offset: 0 },
  summary: {
    period: { month_from: '2026-01', month_to: '2026-12', date_from: '2026-01-01', date_to: '2026-12-31' },
    basis: 'service',
    currency: 'GBP',
    totals: {
      clients: rows.length,
      requests: rows.reduce((n, r) => n + r.requests, 0),
      sales: rows.length ? '13500.00' : '0.00',
      cost: rows.length ? '11200.00' : '0.00',
      margin: rows.length ? '2300.00' : '0.00',
      margin_pct: rows.length ? '17.04' : null,
    },
    top: rows.map((r) => ({ client: r.client, sales: r.sales, margin: r.margin })),
  },
});

function setup(url = '/reports/clients', rows = [ANNA, BORIS], role: Role = 'Accountant') {
  const api = fakeApi({
    'GET /api/v1/reports/clients/': (call) =>
      queryOf(call).get('format')
        ? new Response('Client\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : { body: report(rows) },
  });
  const page = renderPage(<ClientsReportPage now={NOW} />, {
    path: '/reports/clients',
    url,
    user: { role },
    extraRoutes: { '/directory/clients/:id': <p>client page</p> },
  });
  const last = () => Object.fromEntries(queryOf(api.callsTo('GET /api/v1/reports/clients/').at(-1)));
  return { ...page, ...api, last };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/reports/clients', () => {
  it('runs the calendar year by margin and shows totals, the chart and each client', async () => {
    const { last } = setup();
    const table = await screen.findByRole('table', { name: 'Clients report' });
    const anna = await within(table).findByRole('link', { name: 'Anna Ivanova' });
    expect(last()).toMatchObject({
      month_from: '2026-01',
      month_to: '2026-12',
      basis: 'service',
      currency: 'GBP',
      ordering: '-margin',
      limit: '50',
      offset: '0',
    });
    const totals = screen.getAllByTestId('report-total').map((e) => e.textContent);
    expect(totals).toEqual(['2', '4', '13 500.00 GBP', '11 200.00 GBP', '2 300.00 GBP', '17.04%']);
    expect(screen.getByText('Top 2 clients by margin (GBP)')).toBeInTheDocument();

    expect(anna).toHaveAttribute('href', '/directory/clients/9');
    const annaRow = anna.closest('tr') as HTMLElement;
    expect(within(annaRow).getByText('The One')).toBeInTheDocument();
    expect(within(annaRow).getByText('until 31/12/2026')).toBeInTheDocument();
    expect(annaRow).toHaveTextContent('1 250.00 GBP');
    expect(annaRow).toHaveTextContent('-40.00 EUR');
    expect(annaRow).toHaveTextContent('300.00 USD');
    const boris = within(table).getByRole('link', { name: 'Boris Godunov' }).closest('tr') as HTMLElement;
    expect(boris).toHaveTextContent('No plan');
    expect(within(boris).getByText('-20.00%')).toHaveAttribute('data-negative', 'true');
    expect(within(annaRow).getByText('20.00%')).not.toHaveAttribute('data-negative');
  });

  it.each(['FO', 'BO'] as const)(
    'shows %s the figures without the open balance and credit columns (accounting figures)',
    async (role) => {
      setup(
        '/reports/clients',
        [ANNA, BORIS].map((r) => ({ ...r, open_balance: null, credit: null })),
        role,
      );
      const table = await screen.findByRole('table', { name: 'Clients report' });
      const anna = (await within(table).findByRole('link', { name: 'Anna Ivanova' })).closest(
        'tr',
      ) as HTMLElement;
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers.some((h) => h?.includes('Margin (GBP)'))).toBe(true);
      expect(headers.some((h) => h?.includes('Open balance'))).toBe(false);
      expect(headers.some((h) => h?.includes('Credit'))).toBe(false);
      expect(anna).toHaveTextContent('2 500.00');
      expect(within(anna).getAllByRole('cell')).toHaveLength(10);
      expect(screen.queryByText(/Open balance and credit are as of today/)).not.toBeInTheDocument();
    },
  );

  it('shows an accountant the open balance and credit columns', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Clients report' });
    await within(table).findByRole('link', { name: 'Anna Ivanova' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.some((h) => h?.includes('Open balance'))).toBe(true);
    expect(headers.some((h) => h?.includes('Credit'))).toBe(true);
    expect(screen.getByText(/Open balance and credit are as of today/)).toBeInTheDocument();
  });

  it('sends the filters of the URL and sorts on the server', async () => {
    const { user, last } = setup(
      '/reports/clients?month_from=2025-11&month_to=2026-02&basis=invoice&currency=EUR&office=1&manager=3&membership=the_one,bogus&rating=Basic&search=ann',
    );
    const table = await screen.findByRole('table', { name: 'Clients report' });
    await within(table).findByRole('link', { name: 'Anna Ivanova' });
    expect(last()).toMatchObject({
      month_from: '2025-11',
      month_to: '2026-02',
      basis: 'invoice',
      currency: 'EUR',
      office: '1',
      manager: '3',
      membership: 'the_one',
      rating: 'Basic',
      search: 'ann',
    });
    await user.click(within(table).getByRole('button', { name: /Requests/ }));
    await waitFor(() => expect(last().ordering).toBe('requests'));
  });

  it('says why it is empty', async () => {
    setup('/reports/clients?rating=Blacklisted', []);
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No client had invoiced sales with departure dates in Jan–Dec 2026 for these filters.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports what the filters match, without paging', async () => {
    const { user, callsTo } = setup('/reports/clients?currency=USD&page=2');
    await screen.findByRole('link', { name: 'Anna Ivanova' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() =>
      expect(callsTo('GET /api/v1/reports/clients/').some((c) => queryOf(c).get('format') === 'xlsx')).toBe(
        true,
      ),
    );
    const exported = callsTo('GET /api/v1/reports/clients/').find((c) => queryOf(c).get('format'))!;
    expect(queryOf(exported).get('currency')).toBe('USD');
    expect(queryOf(exported).has('limit')).toBe(false);
    expect(queryOf(exported).has('offset')).toBe(false);
  });

  it('draws the margin axis through zero, to the smallest loss and the largest margin', () => {
    expect(axisThroughZero([4492.28, 1500, -19.8])).toEqual({
      domain: [-19.8, 4492.28],
      ticks: [0, 2000, 4000],
    });
    expect(axisThroughZero([-500, -20])).toEqual({ domain: [-500, 0], ticks: [-400, -200, 0] });
  });

  it('labels the figures on screen as they were run while another currency runs', async () => {
    let release: () => void = () => undefined;
    const usd = new Promise<void>((r) => {
      release = r;
    });
    fakeApi({
      'GET /api/v1/reports/clients/': async (call) => {
        if (queryOf(call).get('currency') !== 'USD') return { body: report([ANNA, BORIS]) };
        await usd;
        const answer = report([ANNA, BORIS]);
        return {
          body: {
            ...answer,
            summary: {
              ...answer.summary,
              currency: 'USD',
              totals: { ...answer.summary.totals, sales: '17100.00' },
            },
          },
        };
      },
    });
    const { user } = renderPage(<ClientsReportPage now={NOW} />, {
      path: '/reports/clients',
      url: '/reports/clients',
      user: { role: 'Accountant' },
    });
    await screen.findByRole('link', { name: 'Anna Ivanova' });
    await user.click(screen.getByRole('radio', { name: 'USD' }));
    await waitFor(() => expect(document.querySelector('[data-stale]')).not.toBeNull());
    expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('13 500.00 GBP');
    expect(screen.getByRole('columnheader', { name: /Sales \(GBP\)/ })).toBeInTheDocument();
    expect(screen.getByText('Top 2 clients by margin (GBP)')).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('17 100.00 USD'),
    );
    expect(screen.getByRole('columnheader', { name: /Sales \(USD\)/ })).toBeInTheDocument();
    expect(screen.getByText('Top 2 clients by margin (USD)')).toBeInTheDocument();
  });

  it('runs the calendar year for a period over 60 months, says so and takes it out of the URL', async () => {
    const { router, last } = setup(
      '/reports/clients?month_from=2020-01&month_to=2026-12&rating=Nope&currency=XXX',
    );
    expect(await screen.findByTestId('report-notice')).toHaveTextContent(
      'The period in the link was not valid (both months, the first not after the last, at most 60 months): showing Jan–Dec 2026.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(last()).toMatchObject({ month_from: '2026-01', month_to: '2026-12', currency: 'GBP' });
    expect(last()).not.toHaveProperty('rating');
  });
});

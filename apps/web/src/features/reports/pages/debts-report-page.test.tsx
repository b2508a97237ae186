import type {
  DebtsBuckets,
  DebtsCellDocument,
  DebtsReport,
  DebtsReportRow,
} from '@app/shared/reports/debts-report.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_FILTERS_PREFIX } from '../../../lib/navigation/list-filters.ts';
import { type ApiAnswer, fakeApi, json, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { DebtsReportPage } from './debts-report-page.tsx';

const buckets = (a: string, b: string, c: string, d: string): DebtsBuckets => ({
  '0-30': a,
  '31-60': b,
  '61-90': c,
  '90+': d,
});

const ACME: DebtsReportRow = {
  counterparty: { id: 7, name: 'Acme Ltd' },
  currency: 'GBP',
  buckets: buckets('100.00', '250.00', '0.00', '1000.00'),
  total: '1350.00',
  total_converted: '1350.00',
};
const ACME_EUR: DebtsReportRow = {
  counterparty: { id: 7, name: 'Acme Ltd' },
  currency: 'EUR',
  buckets: buckets('0.00', '0.00', '800.00', '0.00'),
  total: '800.00',
  total_converted: '680.24',
};
const CARLA: DebtsReportRow = {
  counterparty: { id: 9, name: 'Carla Conti' },
  currency: 'GBP',
  buckets: buckets('-300.00', '0.00', '0.00', '0.00'),
  total: '-300.00',
  total_converted: '-300.00',
};

const report = (rows: DebtsReportRow[], over: Partial<DebtsReport> = {}): DebtsReport => ({
  side: 'clients',
  as_of: '2026-11-25',
  currency: 'GBP',
  rows,
  meta: { total: rows.length, limit: 20, offset: 0 },
  totals: {
    by_currency: rows.length
      ? [
          {
            currency: 'GBP',
            buckets: buckets('-200.00', '250.00', '0.00', '1000.00'),
            total: '1050.00',
            rate: '1',
          },
          {
            currency: 'EUR',
            buckets: buckets('0.00', '0.00', '800.00', '0.00'),
            total: '800.00',
            rate: '0.8503',
          },
        ]
      : [],
    converted: rows.length
      ? { buckets: buckets('-200.00', '250.00', '680.24', '1000.00'), total: '1730.24' }
      : { buckets: buckets('0.00', '0.00', '0.00', '0.00'), total: '0.00' },
  },
  rate_set: { id: 4, created_at: '2026-11-20T09:30:00.000Z' },
  missing_rates: [],
  top: rows.length
    ? [
        {
          counterparty: ACME.counterparty,
          buckets: buckets('100.00', '250.00', '680.24', '1000.00'),
          total: '2030.24',
        },
      ]
    : [],
  ...over,
});

const INVOICE: DebtsCellDocument = {
  kind: 'invoice',
  id: 31,
  number: 'BSLF-INV-2026-0031',
  issue_date: '2026-09-20',
  due_date: '2026-10-04',
  days_overdue: 52,
  total: '400.00',
  open: '250.00',
  url: '/accounting/client-invoices/31',
};

/** The report as the server answers it for a query: its side and currency echoed. */
const echo = (query: URLSearchParams, answer: DebtsReport): DebtsReport => ({
  ...answer,
  side: (query.get('side') ?? answer.side) as DebtsReport['side'],
  currency: (query.get('currency') ?? answer.currency) as DebtsReport['currency'],
});

function setup(
  url = '/reports/debts',
  answer: (query: URLSearchParams) => DebtsReport | Promise<DebtsReport> = () =>
    report([ACME, ACME_EUR, CARLA]),
  cell: (query: URLSearchParams) => ApiAnswer | Promise<ApiAnswer> = () => listOf([INVOICE]),
) {
  const api = fakeApi({
    'GET /api/v1/reports/debts/': async (call) =>
      queryOf(call).get('format')
        ? new Response('Counterparty\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : { body: { data: echo(queryOf(call), await answer(queryOf(call))) } },
    'GET /api/v1/reports/debts/cell/': (call) => cell(queryOf(call)),
  });
  const page = renderPage(<DebtsReportPage />, {
    path: '/reports/debts',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/accounting/client-invoices/:id': <p>invoice page</p> },
  });
  const last = () => Object.fromEntries(queryOf(api.callsTo('GET /api/v1/reports/debts/').at(-1)));
  return { ...page, ...api, last };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/reports/debts', () => {
  it('shows the converted totals, the chart and a row per counterparty and currency', async () => {
    const { last } = setup();
    const table = await screen.findByRole('table', { name: 'Debts' });
    await within(table).findAllByText('Acme Ltd');
    expect(last()).toEqual({
      side: 'clients',
      currency: 'GBP',
      ordering: 'counterparty',
      limit: '50',
      offset: '0',
    });
    expect(screen.getAllByTestId('report-total').map((e) => e.textContent)).toEqual([
      '-200.00 GBP',
      '250.00 GBP',
      '680.24 GBP',
      '1 000.00 GBP',
      '1 730.24 GBP',
    ]);
    expect(screen.getByText('Top 1 clients by amount open (GBP)')).toBeInTheDocument();
    expect(screen.getByText(/on 25\/11\/2026, by days past due/)).toHaveTextContent(
      `Totals in GBP at the rates of ${new Date('2026-11-20T09:30:00.000Z').getDate()}/11/2026`,
    );
    // a screen reader hears the amount first, then which cell it is
    const eurCell = within(table).getByRole('button', {
      name: '800.00 EUR, 61-90 days, Acme Ltd: open the documents',
    });
    expect(eurCell.closest('tr')!).toHaveTextContent('680.24');
    // a zero bucket is no button
    expect(within(table).queryByRole('button', { name: /EUR, 0-30 days, Acme Ltd:/ })).toBeNull();
    expect(within(table).getByRole('button', { name: /GBP, 0-30 days, Carla Conti:/ })).toHaveTextContent(
      '-300.00',
    );
    // what the converted totals are made of
    expect(screen.getByRole('table', { name: 'Totals by document currency' })).toHaveTextContent('GBP');
  });

  it('opens the documents behind a cell, each a link, and closes with Escape', async () => {
    const { user, callsTo } = setup('/reports/debts?as_of=2026-11-25');
    const cell = await screen.findByRole('button', { name: /GBP, 31-60 days, Acme Ltd:/ });
    await user.click(cell);
    const drawer = await screen.findByRole('dialog', {
      name: 'Acme Ltd — GBP — 31-60 days as of 25/11/2026',
    });
    const link = await within(drawer).findByRole('link', { name: 'BSLF-INV-2026-0031' });
    expect(link).toHaveAttribute('href', '/accounting/client-invoices/31');
    expect(within(drawer).getByRole('row', { name: /BSLF-INV-2026-0031/ })).toHaveTextContent('52 days');
    expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/reports/debts/cell/').at(-1)))).toEqual({
      side: 'clients',
      as_of: '2026-11-25',
      counterparty: '7',
      currency: 'GBP',
      bucket: '31-60',
      limit: '50',
      offset: '0',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps side, day, currency and company in the URL; another side drops the counterparty', async () => {
    const { user, last, router } = setup(
      '/reports/debts?as_of=2026-10-31&currency=EUR&company=2&counterparty=7',
    );
    await screen.findByRole('table', { name: 'Debts' });
    expect(last()).toMatchObject({ as_of: '2026-10-31', currency: 'EUR', company: '2', counterparty: '7' });
    await user.click(screen.getByRole('radio', { name: 'Suppliers' }));
    await waitFor(() => expect(last().side).toBe('suppliers'));
    expect(last()).not.toHaveProperty('counterparty');
    expect(router.state.location.search).toBe('?as_of=2026-10-31&currency=EUR&company=2&side=suppliers');
    await user.click(screen.getByRole('button', { name: /Total in EUR/ }));
    await waitFor(() => expect(last().ordering).toBe('total_converted'));
  });

  it('says why it is empty', async () => {
    setup('/reports/debts?side=suppliers&company=2', () => report([]));
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No open bills or payment vouchers as of 25/11/2026 for these filters.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // nothing to export; the filters can be cleared from here
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('says which currencies could not be converted', async () => {
    setup('/reports/debts', () =>
      report([ACME, { ...ACME_EUR, total_converted: null }], {
        totals: { by_currency: [], converted: null },
        rate_set: null,
        missing_rates: ['EUR'],
      }),
    );
    const totals = await screen.findAllByTestId('report-total');
    expect(totals.map((e) => e.textContent)).toEqual(['—', '—', '—', '—', '—']);
    expect(screen.getAllByText('Not converted: no EUR to GBP rate')).toHaveLength(5);
    expect(screen.getByText(/No rate set was in force on 25\/11\/2026/)).toBeInTheDocument();
  });

  it('exports what the filters match, without paging', async () => {
    const { user, callsTo } = setup('/reports/debts?side=suppliers&currency=USD&page=2');
    await screen.findByRole('table', { name: 'Debts' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() =>
      expect(callsTo('GET /api/v1/reports/debts/').some((c) => queryOf(c).get('format') === 'xlsx')).toBe(
        true,
      ),
    );
    const exported = queryOf(callsTo('GET /api/v1/reports/debts/').find((c) => queryOf(c).get('format'))!);
    expect(Object.fromEntries(exported)).toEqual({
      side: 'suppliers',
      currency: 'USD',
      ordering: 'counterparty',
      format: 'xlsx',
    });
  });

  it('never lists one cell’s documents under another cell’s title', async () => {
    const carla = deferred<ApiAnswer>();
    const CARLA_NOTE: DebtsCellDocument = {
      ...INVOICE,
      kind: 'credit_note',
      id: 32,
      number: 'BSLF-CN-2026-0032',
      url: '/accounting/client-invoices/32',
    };
    const { user } = setup('/reports/debts', undefined, (q) =>
      q.get('counterparty') === '9' ? carla.promise : listOf([INVOICE]),
    );
    await user.click(await screen.findByRole('button', { name: /GBP, 31-60 days, Acme Ltd:/ }));
    const first = await screen.findByRole('dialog', { name: /^Acme Ltd/ });
    await within(first).findByRole('link', { name: 'BSLF-INV-2026-0031' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /GBP, 0-30 days, Carla Conti:/ }));
    const second = await screen.findByRole('dialog', { name: /^Carla Conti/ });
    // while Carla's documents are on their way, Acme's are not shown in her drawer
    expect(within(second).getByLabelText('Loading the documents')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'BSLF-INV-2026-0031' })).toBeNull();
    expect(second).not.toHaveTextContent('in 1 document');
    carla.resolve(listOf([CARLA_NOTE]));
    expect(await within(second).findByRole('link', { name: 'BSLF-CN-2026-0032' })).toBeInTheDocument();
  });

  it('keeps the figures on screen labelled as they were run while another side runs', async () => {
    const suppliers = deferred<DebtsReport>();
    const { user } = setup('/reports/debts', (q) =>
      q.get('side') === 'suppliers' ? suppliers.promise : report([ACME, ACME_EUR, CARLA]),
    );
    await within(await screen.findByRole('table', { name: 'Debts' })).findAllByText('Acme Ltd');
    await user.click(screen.getByRole('radio', { name: 'Suppliers' }));
    await waitFor(() => expect(document.querySelector('[data-stale]')).not.toBeNull());
    // the clients' rows stay headed Client, the chart still says clients, until the suppliers come
    expect(screen.getByRole('columnheader', { name: /^Client/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Supplier/ })).toBeNull();
    expect(screen.getByText('Top 1 clients by amount open (GBP)')).toBeInTheDocument();

    suppliers.resolve(report([{ ...ACME, counterparty: { id: 20, name: 'Hotel Ritz' } }]));
    const table = screen.getByRole('table', { name: 'Debts' });
    expect(await within(table).findByText('Hotel Ritz')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Supplier/ })).toBeInTheDocument();
    expect(screen.getByText('Top 1 suppliers by amount open (GBP)')).toBeInTheDocument();
    expect(document.querySelector('[data-stale]')).toBeNull();
  });

  it('keeps the as-of day in the URL but does not save it, so the report opened again is as of today', async () => {
    const { router } = setup('/reports/debts?as_of=2026-10-31&currency=EUR');
    await screen.findByRole('table', { name: 'Debts' });
    expect(router.state.location.search).toBe('?as_of=2026-10-31&currency=EUR');
    await waitFor(() =>
      expect(localStorage.getItem(`${LIST_FILTERS_PREFIX}/reports/debts`)).toBe('currency=EUR'),
    );
  });

  it.each([
    ['2099-01-01', "The day in the link, 01/01/2099, is after today: showing today's debts."],
    ['2026-02-31', "The day in the link, “2026-02-31”, is not a date: showing today's debts."],
  ])('runs today for an as-of day of %s, says so and takes it out of the URL', async (day, notice) => {
    const { router, callsTo } = setup(`/reports/debts?as_of=${day}&currency=USD`);
    expect(await screen.findByTestId('report-notice')).toHaveTextContent(notice);
    await waitFor(() => expect(router.state.location.search).toBe('?currency=USD'));
    await screen.findByRole('table', { name: 'Debts' });
    expect(callsTo('GET /api/v1/reports/debts/').some((c) => queryOf(c).has('as_of'))).toBe(false);
  });

  it('takes values it cannot use out of the URL, so Clear filters is not offered for nothing', async () => {
    const { router, last } = setup('/reports/debts?currency=XXX&side=foo&company=abc&ordering=zzz');
    await screen.findByRole('table', { name: 'Debts' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(last()).toMatchObject({ side: 'clients', currency: 'GBP', ordering: 'counterparty' });
    expect(screen.queryByTestId('report-notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('says why the report could not be run and runs it again on request', async () => {
    let fail = true;
    fakeApi({
      'GET /api/v1/reports/debts/': () =>
        fail
          ? json(400, { errors: [{ detail: 'The company does not exist.' }] })
          : { body: { data: report([ACME]) } },
    });
    const { user } = renderPage(<DebtsReportPage />, {
      path: '/reports/debts',
      url: '/reports/debts?company=99',
      user: { role: 'Accountant' },
    });
    const failed = await screen.findByRole('alert', { name: /The report could not be run/ });
    expect(failed).toHaveTextContent('The company does not exist.');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Debts' })).toHaveTextContent('Acme Ltd');
  });
});

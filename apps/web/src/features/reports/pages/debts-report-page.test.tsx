import type {
  DebtsBuckets,
  DebtsCellDocument,
  DebtsReport,
  DebtsReportRow,
} from '@app/shared/reports/debts-report.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
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
    by_currency: [],
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

function setup(
  url = '/reports/debts',
  answer: (side: string) => DebtsReport = () => report([ACME, ACME_EUR, CARLA]),
) {
  const api = fakeApi({
    'GET /api/v1/reports/debts/': (call) =>
      queryOf(call).get('format')
        ? new Response('Counterparty\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : { body: { data: answer(queryOf(call).get('side') ?? 'clients') } },
    'GET /api/v1/reports/debts/cell/': () => listOf([INVOICE]),
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
      limit: '20',
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
    expect(screen.getByText(/on 25 Nov 2026, by days past due/)).toHaveTextContent(
      `Totals in GBP at the rates of ${new Date('2026-11-20T09:30:00.000Z').getDate()}/11/2026`,
    );
    const eur = within(table).getByRole('button', { name: 'Open 61-90 days: Acme Ltd EUR' }).closest('tr')!;
    expect(eur).toHaveTextContent('680.24');
    // a zero bucket is no button
    expect(within(table).queryByRole('button', { name: 'Open 0-30 days: Acme Ltd EUR' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Open 0-30 days: Carla Conti GBP' })).toHaveTextContent(
      '-300.00',
    );
  });

  it('opens the documents behind a cell, each a link, and closes with Escape', async () => {
    const { user, callsTo } = setup('/reports/debts?as_of=2026-11-25');
    const cell = await screen.findByRole('button', { name: 'Open 31-60 days: Acme Ltd GBP' });
    await user.click(cell);
    const drawer = await screen.findByRole('dialog', {
      name: 'Acme Ltd — GBP — 31-60 days as of 25 Nov 2026',
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
    setup('/reports/debts?side=suppliers&company=2', () => report([], { side: 'suppliers' }));
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No open bills or payment vouchers as of 25 Nov 2026 for these filters.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
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
    expect(screen.getByText(/No rate set was in force on 25 Nov 2026/)).toBeInTheDocument();
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
});

import type { Role } from '@app/shared/auth/roles';
import type { FinReport, FinReportException } from '@app/shared/reports/fin-report.schemas';
import type { VatRate } from '@app/shared/reports/vat-rates.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { FinReportPage } from './fin-report-page.tsx';

const NOW = new Date('2026-05-10T10:00:00Z');
const BSLF = { id: 1, code: 'BSLF', name: 'Bespoke Lifestyle Ltd' };
const COMPANIES = [{ id: 1, named: 'BSLF', name: 'Bespoke Lifestyle Ltd', base_currency: 'GBP' }];

const exception = (id: number): FinReportException => ({
  invoice_line_id: id,
  document_kind: 'invoice',
  invoice: { id: 40 + id, number: `INV-2026-${id}` },
  request: { id: 70 + id, number: `BSLF-2026-0000${id}` },
  client: { id: 5, name: 'Anna Karenina' },
  company: BSLF,
  account_type: 'Toms EU',
  service_date: '2026-03-02',
  invoice_date: '2026-02-20',
  sales: '100.00',
  cost: '150.00',
  margin: '-50.00',
});

const REPORT: FinReport = {
  month_from: '2026-01',
  month_to: '2026-12',
  basis: 'service',
  currency: 'GBP',
  rows: [
    {
      company: BSLF,
      month: '2026-03',
      account_type: 'Toms EU',
      sales: '1250.00',
      cost: '1000.00',
      margin: '250.00',
      margin_percent: '20.00',
      lines: 3,
      estimated_lines: 1,
      negative_lines: 1,
    },
  ],
  months: [{ month: '2026-03', sales: '1250.00', cost: '1000.00', margin: '250.00' }],
  totals: {
    sales: '1250.00',
    cost: '1000.00',
    margin: '250.00',
    margin_percent: '20.00',
    lines: 3,
    estimated_lines: 1,
    vat_due: '41.67',
  },
  toms: [
    {
      company: BSLF,
      account_type: 'Toms EU',
      margin: '250.00',
      rate: '20',
      vat_due: '41.67',
      base_currency: 'GBP',
      margin_base: '240.00',
      vat_due_base: '40.00',
    },
  ],
  exceptions: [
    { kind: 'no_account_type', total: 0, rows: [] },
    { kind: 'negative_margin', total: 2, rows: [exception(1)] },
    { kind: 'estimated_cost', total: 0, rows: [] },
  ],
};

const RATES: VatRate[] = [
  { account_type: 'Toms EU', rate: '20', updated_at: null, updated_by: null },
  { account_type: 'Toms non EU', rate: '0', updated_at: null, updated_by: null },
  { account_type: 'Disbursement', rate: null, updated_at: null, updated_by: null },
];

function setup(role: Role, url = '/reports/fin-report', extra: ApiHandlers = {}, report = REPORT) {
  const api = fakeApi(extra, {
    'GET /api/v1/reports/fin-report/': () => json(200, { data: report }),
    'GET /api/v1/reports/fin-report/exceptions/': () =>
      json(200, { data: [exception(2)], meta: { total: 2, limit: 25, offset: 1 } }),
    'GET /api/v1/companies/': () => listOf(COMPANIES),
    'GET /api/v1/reports/vat-rates/': () => json(200, { data: RATES }),
  });
  const page = renderPage(<FinReportPage now={NOW} />, { path: '/reports/fin-report', url, user: { role } });
  const lastReportQuery = () =>
    queryOf(
      api
        .callsTo('GET /api/v1/reports/fin-report/')
        .filter((c) => !c.url.includes('format='))
        .at(-1),
    );
  return { ...api, ...page, lastReportQuery };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('/reports/fin-report', () => {
  it('runs the calendar year by departure date in GBP, and shows totals, rows, TOMS and exceptions', async () => {
    const { lastReportQuery } = setup('Accountant');
    expect(await screen.findByRole('table', { name: 'Fin-Report' })).toHaveTextContent('Mar 2026');
    expect(Object.fromEntries(lastReportQuery())).toEqual({
      month_from: '2026-01',
      month_to: '2026-12',
      basis: 'service',
      currency: 'GBP',
    });
    const vat = screen.getByRole('group', { name: 'VAT due' });
    expect(vat).toHaveTextContent('41.67 GBP');
    expect(screen.getByRole('group', { name: 'Margin %' })).toHaveTextContent('20.00%');
    // what the figures are, as the answer was run
    expect(
      screen.getByText(/^Jan–Dec 2026, by departure date, in GBP\. Sales, cost and margin/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Fin-Report' });
    // the company by its code and name; the estimate column is a count of lines
    expect(table).toHaveTextContent('BSLF · Bespoke Lifestyle Ltd');
    expect(within(table).getByRole('columnheader', { name: 'Lines at estimate' })).toBeInTheDocument();
    const toms = screen.getByRole('table', { name: 'TOMS VAT' });
    expect(toms).toHaveTextContent('20%');
    // the VAT to file is in the company's base currency
    const tomsRow = within(toms).getByRole('row', { name: /Toms EU/ });
    expect(tomsRow).toHaveTextContent('240.00 GBP');
    expect(tomsRow).toHaveTextContent('40.00 GBP');
    // an Accountant reads the rates but does not edit them
    expect(screen.queryByRole('button', { name: 'Edit VAT rates' })).not.toBeInTheDocument();

    const negative = screen.getByRole('table', { name: 'Negative margin' });
    expect(within(negative).getByRole('link', { name: 'INV-2026-1' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices/41',
    );
    expect(within(negative).getByRole('link', { name: 'BSLF-2026-00001' })).toHaveAttribute(
      'href',
      '/requests/71',
    );
  });

  it('pages on through an exception list with Show more', async () => {
    const { user, callsTo } = setup('Accountant');
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    const negative = screen.getByRole('table', { name: 'Negative margin' });
    await waitFor(() =>
      expect(within(negative).getByRole('link', { name: 'INV-2026-2' })).toBeInTheDocument(),
    );
    const q = queryOf(callsTo('GET /api/v1/reports/fin-report/exceptions/')[0]);
    expect(q.get('kind')).toBe('negative_margin');
    expect(q.get('offset')).toBe('1');
    expect(q.get('month_from')).toBe('2026-01');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2.', { exact: false })).toBeInTheDocument();
    // lines without an account type cannot occur: a sentence, not an always-empty tab
    expect(screen.queryByRole('tab', { name: /No account type/ })).toBeNull();
    expect(
      screen.getByText('Lines without an account type cannot occur: every service line must have one.'),
    ).toBeInTheDocument();
  });

  it('switches the basis and currency, kept in the URL', async () => {
    const { user, router, lastReportQuery } = setup('Accountant');
    await screen.findByRole('table', { name: 'Fin-Report' });
    await user.click(screen.getByRole('radio', { name: 'Invoice date' }));
    await waitFor(() => expect(lastReportQuery().get('basis')).toBe('invoice'));
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    await waitFor(() => expect(lastReportQuery().get('currency')).toBe('EUR'));
    expect(router.state.location.search).toBe('?basis=invoice&currency=EUR');
  });

  it('reads the period and filters from the URL, and says why it is empty', async () => {
    const empty = { ...REPORT, rows: [], months: [], toms: [] };
    const { lastReportQuery } = setup(
      'Accountant',
      '/reports/fin-report?month_from=2025-11&month_to=2026-02&account_type=Disbursement',
      {},
      empty,
    );
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No invoiced sales with departure dates in Nov 2025–Feb 2026 for these filters.',
    );
    expect(lastReportQuery().get('account_type')).toBe('Disbursement');
    expect(lastReportQuery().get('month_to')).toBe('2026-02');
  });

  it('lets an Admin edit the VAT rates: not subject, validation from the shared rules, then saved', async () => {
    const { user, callsTo } = setup('Admin', '/reports/fin-report', {
      'PUT /api/v1/reports/vat-rates/': (call) =>
        json(200, {
          data: RATES.map((r, i) => ({
            ...r,
            rate: (call.body as { rates: Array<{ rate: string | null }> }).rates[i]!.rate,
          })),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit VAT rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'TOMS VAT rates' });
    const eu = await within(dialog).findByRole('textbox', { name: /Toms EU/ });
    await user.clear(eu);
    await user.type(eu, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Maximum value 100')).toBeInTheDocument();
    expect(callsTo('PUT /api/v1/reports/vat-rates/')).toHaveLength(0);

    await user.clear(eu);
    await user.type(eu, '17.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Toms non EU: not subject' }));
    expect(within(dialog).getByRole('textbox', { name: /Toms non EU/ })).toBeDisabled();
    await user.type(eu, '{Enter}');
    await waitFor(() => expect(callsTo('PUT /api/v1/reports/vat-rates/')).toHaveLength(1));
    expect(callsTo('PUT /api/v1/reports/vat-rates/')[0]!.body).toEqual({
      rates: [
        { account_type: 'Toms EU', rate: '17.5' },
        { account_type: 'Toms non EU', rate: null },
        { account_type: 'Disbursement', rate: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks the server for the file with the same filters', async () => {
    const { user, callsTo } = setup('Accountant', '/reports/fin-report?currency=USD', {
      'GET /api/v1/reports/fin-report/': (call) =>
        call.url.includes('format=')
          ? new Response('a,b\r\n', {
              status: 200,
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="f.csv"' },
            })
          : json(200, { data: { ...REPORT, currency: 'USD' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await screen.findByRole('table', { name: 'Fin-Report' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() =>
      expect(callsTo('GET /api/v1/reports/fin-report/').some((c) => c.url.includes('format=xlsx'))).toBe(
        true,
      ),
    );
    const file = callsTo('GET /api/v1/reports/fin-report/').find((c) => c.url.includes('format=xlsx'));
    expect(queryOf(file).get('currency')).toBe('USD');
  });

  it('runs the calendar year for a period it cannot run, says so and takes it out of the URL', async () => {
    const { user, router, lastReportQuery } = setup(
      'Accountant',
      '/reports/fin-report?month_from=2020-01&month_to=2026-12&currency=XXX&basis=foo&ordering=zzz',
    );
    expect(await screen.findByTestId('report-notice')).toHaveTextContent(
      'The period in the link was not valid (both months, the first not after the last, at most 60 months): showing Jan–Dec 2026.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(Object.fromEntries(lastReportQuery())).toEqual({
      month_from: '2026-01',
      month_to: '2026-12',
      basis: 'service',
      currency: 'GBP',
    });
    // the notice goes once the person chooses something else
    await screen.findByRole('table', { name: 'Fin-Report' });
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    await waitFor(() => expect(screen.queryByTestId('report-notice')).toBeNull());
  });

  it('labels the figures on screen as they were run while another currency runs', async () => {
    let release: () => void = () => undefined;
    const usd = new Promise<void>((r) => {
      release = r;
    });
    const { user } = setup('Accountant', '/reports/fin-report', {
      'GET /api/v1/reports/fin-report/': async (call) => {
        if (queryOf(call).get('currency') !== 'USD') return json(200, { data: REPORT });
        await usd;
        return json(200, {
          data: { ...REPORT, currency: 'USD', totals: { ...REPORT.totals, sales: '1600.00' } },
        });
      },
    });
    await screen.findByRole('table', { name: 'Fin-Report' });
    await user.click(screen.getByRole('radio', { name: 'USD' }));
    await waitFor(() => expect(document.querySelector('[data-stale]')).not.toBeNull());
    expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('1 250.00 GBP');
    expect(screen.getByText(/in GBP\. Sales, cost and margin/)).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('1 600.00 USD'),
    );
    expect(screen.getByText(/in USD\. Sales, cost and margin/)).toBeInTheDocument();
  });

  it('discards the VAT rates typed when the dialog is cancelled', async () => {
    const { user, callsTo } = setup('Admin');
    await user.click(await screen.findByRole('button', { name: 'Edit VAT rates' }));
    let dialog = await screen.findByRole('dialog', { name: 'TOMS VAT rates' });
    const eu = await within(dialog).findByRole('textbox', { name: /Toms EU/ });
    await user.clear(eu);
    await user.type(eu, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('PUT /api/v1/reports/vat-rates/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Edit VAT rates' }));
    dialog = await screen.findByRole('dialog', { name: 'TOMS VAT rates' });
    expect(await within(dialog).findByRole('textbox', { name: /Toms EU/ })).toHaveValue('20');
  });
});

import type { CurrencyTotals } from '@app/shared/accounting/accounting.common';
import type { RegisterRow } from '@app/shared/accounting/register.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { InvoicesAndBillsPage } from './invoices-and-bills-page.tsx';

const INVOICE: RegisterRow = {
  kind: 'invoice',
  id: 7,
  number: 'TPRO-INV-2026-0007',
  company: { id: 2, code: 'TPRO', name: 'Travel Pro Ltd' },
  counterparty: { kind: 'client', id: 9, name: 'Anna Ivanova' },
  request_numbers: 'TPRO-2026-00042',
  issue_date: '2026-03-01',
  due_date: '2026-03-15',
  currency: 'GBP',
  total: '12500.00',
  settled_amount: '0.00',
  open_amount: '12500.00',
  payment_status: 'Unpaid',
  sent: true,
  overdue: true,
  url: '/accounting/client-invoices/7',
};
// the same id as the invoice: rows are told apart by kind too
const BILL: RegisterRow = {
  ...INVOICE,
  kind: 'bill',
  number: 'RITZ-5521',
  counterparty: { kind: 'supplier', id: 5, name: 'The Ritz London' },
  currency: 'EUR',
  total: '3000.00',
  settled_amount: '3000.00',
  open_amount: '0.00',
  payment_status: 'Paid',
  sent: null,
  overdue: false,
  url: '/accounting/supplier-invoices/7',
};
const TOTALS: CurrencyTotals[] = [
  { currency: 'EUR', count: 1, total: '3000.00', open: '0.00' },
  { currency: 'GBP', count: 1204, total: '1234567.50', open: '12500.00' },
];

function setup(url = '/accounting/invoices-and-bills') {
  const api = fakeApi({
    'GET /api/v1/invoices-and-bills/': () => listOf([INVOICE, BILL]),
    'GET /api/v1/invoices-and-bills/totals/': () => ({ body: { data: TOTALS } }),
    'GET /api/v1/invoices-and-bills/export/': () =>
      new Response('kind,number\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
  });
  const page = renderPage(<InvoicesAndBillsPage />, {
    path: '/accounting/invoices-and-bills',
    url,
    user: { role: 'Accountant' },
    extraRoutes: {
      '/accounting/client-invoices/:id': <p>invoice page</p>,
      '/accounting/supplier-invoices/:id': <p>bill page</p>,
    },
  });
  const last = (path: string) => Object.fromEntries(queryOf(api.callsTo(path).at(-1)));
  return { ...page, ...api, last };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/accounting/invoices-and-bills', () => {
  it('lists invoices and bills with kind, counterparty, dates, money and statuses', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Invoices & Bills' });
    const invoice = (await within(table).findByRole('link', { name: 'TPRO-INV-2026-0007' })).closest(
      'tr',
    ) as HTMLElement;
    expect(invoice).toHaveTextContent('Invoice');
    expect(invoice).toHaveTextContent('Anna Ivanova');
    expect(invoice).toHaveTextContent('Client · TPRO');
    expect(invoice).toHaveTextContent('TPRO-2026-00042');
    expect(invoice).toHaveTextContent('01/03/2026');
    expect(invoice).toHaveTextContent('Overdue');
    expect(invoice).toHaveTextContent('12 500.00 GBP');
    expect(within(invoice).getByTestId('sent-status')).toHaveTextContent('Sent');
    expect(within(invoice).getByTestId('payment-status')).toHaveTextContent('Unpaid');

    const bill = within(table).getByRole('link', { name: 'RITZ-5521' }).closest('tr') as HTMLElement;
    expect(bill).toHaveTextContent('Bill');
    expect(bill).toHaveTextContent('Supplier · TPRO');
    expect(bill).not.toHaveTextContent('Overdue');
    expect(within(bill).queryByTestId('sent-status')).not.toBeInTheDocument();
    expect(within(bill).getByTestId('payment-status')).toHaveTextContent('Paid');
    // the two document lists, which the navigation does not name, start from here
    expect(screen.getByRole('link', { name: 'Client invoices' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices',
    );
    expect(screen.getByRole('link', { name: 'Supplier invoices' })).toHaveAttribute(
      'href',
      '/accounting/supplier-invoices',
    );
  });

  it('shows the totals per currency of everything matching in the footer, from the totals call', async () => {
    setup();
    const footer = await screen.findByTestId('register-totals');
    const gbp = within(footer).getByRole('rowheader', { name: 'GBP' }).closest('tr') as HTMLElement;
    expect(gbp).toHaveTextContent('1,204');
    expect(gbp).toHaveTextContent('1 234 567.50');
    expect(gbp).toHaveTextContent('12 500.00');
    const eur = within(footer).getByRole('rowheader', { name: 'EUR' }).closest('tr') as HTMLElement;
    expect(eur).toHaveTextContent('3 000.00');
  });

  it('keeps the filters in the URL and sends them to the list, its totals and the export', async () => {
    const { user, router, last, callsTo } = setup();
    await screen.findByRole('table', { name: 'Invoices & Bills' });
    expect(last('GET /api/v1/invoices-and-bills/')).toEqual({
      limit: '20',
      offset: '0',
      ordering: '-issue_date',
    });
    expect(last('GET /api/v1/invoices-and-bills/totals/')).toEqual({});

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Bill' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue' }));
    await user.click(screen.getByRole('button', { name: /Total/ }));

    const filters = { kind: 'bill', status: 'Unpaid', overdue: 'true' };
    await waitFor(() =>
      expect(last('GET /api/v1/invoices-and-bills/')).toEqual({
        limit: '20',
        offset: '0',
        ordering: 'total',
        ...filters,
      }),
    );
    expect(last('GET /api/v1/invoices-and-bills/totals/')).toEqual(filters);
    expect(router.state.location.search).toBe('?kind=bill&status=Unpaid&overdue=true&ordering=total');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(callsTo('GET /api/v1/invoices-and-bills/export/')).toHaveLength(1));
    expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/invoices-and-bills/export/')[0]))).toEqual({
      ...filters,
      ordering: 'total',
      format: 'csv',
    });
  });

  it('reads the filters of a shared link and opens a document by its row', async () => {
    const { user, last, router } = setup(
      '/accounting/invoices-and-bills?currency=GBP&search=ritz&due_before=2026-04-01',
    );
    await screen.findByRole('table', { name: 'Invoices & Bills' });
    await waitFor(() =>
      expect(last('GET /api/v1/invoices-and-bills/totals/')).toEqual({
        currency: 'GBP',
        search: 'ritz',
        due_before: '2026-04-01',
      }),
    );
    await user.click(screen.getByText('The Ritz London'));
    expect(router.state.location.pathname).toBe('/accounting/supplier-invoices/7');
  });
});

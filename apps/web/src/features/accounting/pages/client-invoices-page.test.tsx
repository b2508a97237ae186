import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { INVOICE, listItemOf } from '../components/client-invoices/client-invoice-fixtures.ts';
import { ClientInvoicesPage } from './client-invoices-page.tsx';

const SENT_OVERDUE = {
  ...listItemOf(INVOICE),
  sent_at: '2026-05-11T09:00:00Z',
  sent_to: 'irina@example.com',
  overdue: true,
};
const CREDIT = {
  ...listItemOf(INVOICE),
  id: 10,
  kind: 'credit_note' as const,
  number: 'TPRO-CN-2026-0002',
  total: '-1250.30',
  settled_amount: '-1250.30',
  open_amount: '0.00',
  payment_status: 'Paid' as const,
};

const page = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const pickers = (call: ApiCall) =>
  ['GET /api/v1/clients/', 'GET /api/v1/companies/'].includes(routeKey(call)) ? page([]) : undefined;

function setup(url = '/accounting/client-invoices') {
  const api = fakeApi({ 'GET /api/v1/client-invoices/': () => page([SENT_OVERDUE, CREDIT]) }, pickers);
  const rendered = renderPage(<ClientInvoicesPage />, {
    path: '/accounting/client-invoices',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/accounting/client-invoices/:id': <p>the invoice page</p> },
  });
  const lastQuery = () => queryOf(api.callsTo('GET /api/v1/client-invoices/').at(-1));
  return { ...api, ...rendered, lastQuery };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/accounting/client-invoices', () => {
  it('shows what an accountant scans: number, client, request, dates, total, open, sent and payment status, overdue', async () => {
    const { lastQuery } = setup();
    const table = await screen.findByRole('table', { name: 'Client invoices' });
    const link = await within(table).findByRole('link', { name: 'TPRO-INV-2026-0007' });
    expect(link).toHaveAttribute('href', '/accounting/client-invoices/9');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'TPRO-2026-00042' })).toHaveAttribute(
      'href',
      '/requests/42',
    );
    for (const text of [
      'Irina Belova',
      '10/05/2026',
      '24/05/2026',
      '1 250.30 GBP',
      'Sent',
      'Unpaid',
      'Overdue',
    ])
      expect(row).toHaveTextContent(text);
    expect(row).toHaveAttribute('data-overdue', 'true');

    const credit = within(table)
      .getByRole('link', { name: 'TPRO-CN-2026-0002' })
      .closest('tr') as HTMLElement;
    for (const text of ['Credit note', '-1 250.30 GBP', '0.00 GBP', 'Not sent', 'Paid'])
      expect(credit).toHaveTextContent(text);
    expect(within(credit).queryByTestId('overdue')).toBeNull();
    expect(Object.fromEntries(lastQuery())).toEqual({ limit: '20', offset: '0', ordering: '-issue_date' });
  });

  it('filters by status, kind, currency and overdue, sorts on the server, all kept in the URL', async () => {
    const { user, router, lastQuery } = setup();
    await screen.findByRole('link', { name: 'TPRO-INV-2026-0007' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not sent' }));
    await waitFor(() => expect(lastQuery().get('status')).toBe('Not sent'));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Credit notes' }));
    await waitFor(() => expect(lastQuery().get('kind')).toBe('credit_note'));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'EUR' }));
    await waitFor(() => expect(lastQuery().get('currency')).toBe('EUR'));
    await user.click(screen.getByRole('combobox', { name: 'Overdue' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue only' }));
    await waitFor(() => expect(lastQuery().get('overdue')).toBe('true'));
    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('total'));
    expect(router.state.location.search).toBe(
      '?status=Not+sent&currency=EUR&kind=credit_note&overdue=true&ordering=total',
    );
  });

  it('reads a shared address, leaving out values the API would refuse', async () => {
    const { lastQuery } = setup(
      '/accounting/client-invoices?client=7&company=abc&status=Lost&issue_date_after=2026-05-01&issue_date_before=2026-05-31&search=0007',
    );
    await screen.findByRole('link', { name: 'TPRO-INV-2026-0007' });
    expect(Object.fromEntries(lastQuery())).toEqual({
      limit: '20',
      offset: '0',
      ordering: '-issue_date',
      search: '0007',
      client: '7',
      issue_date_after: '2026-05-01',
      issue_date_before: '2026-05-31',
    });
  });

  it('opens an invoice from anywhere on its row, and from the keyboard', async () => {
    const { user, router } = setup();
    const credit = (await screen.findByRole('link', { name: 'TPRO-CN-2026-0002' })).closest(
      'tr',
    ) as HTMLElement;
    credit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting/client-invoices/10'));
    await router.navigate('/accounting/client-invoices');
    const invoice = (await screen.findByRole('link', { name: 'TPRO-INV-2026-0007' })).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(invoice).getByText('Irina Belova'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting/client-invoices/9'));
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    fakeApi({ 'GET /api/v1/client-invoices/': () => page([]) }, pickers);
    renderPage(<ClientInvoicesPage />, {
      path: '/accounting/client-invoices',
      url: '/accounting/client-invoices?status=Paid',
      user: { role: 'Accountant' },
    });
    expect(await screen.findByText('No invoices match these filters.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Clear filters/ }).length).toBeGreaterThan(0);
  });
});

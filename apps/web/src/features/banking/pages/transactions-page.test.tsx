import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, listOf, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { PAYMENT, RECEIPT } from '../components/transactions/transaction-fixtures.ts';
import { TransactionsPage } from './transactions-page.tsx';

const page = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const AUDIT = { data: [], meta: { total: 0, limit: 20, offset: 0 } };
const pickers = (call: ApiCall) =>
  ['GET /api/v1/banks/', 'GET /api/v1/clients/', 'GET /api/v1/suppliers/'].includes(routeKey(call))
    ? page([])
    : undefined;

function setup(url = '/accounting/transactions', extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(
    {
      'GET /api/v1/transactions/': () => page([RECEIPT, PAYMENT]),
      'GET /api/v1/transactions/41/': () => json(200, { data: RECEIPT }),
      'GET /api/v1/audit/': () => json(200, AUDIT),
      ...extra,
    },
    pickers,
  );
  const rendered = renderPage(<TransactionsPage />, {
    path: '/accounting/transactions',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/accounting/matched-data': <p>the matched data page</p> },
  });
  const lastQuery = () => queryOf(api.callsTo('GET /api/v1/transactions/').at(-1));
  return { ...api, ...rendered, lastQuery };
}

const toasts = () => toastStore.getSnapshot().map((t) => `${t.title ?? ''}: ${t.message}`);

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/accounting/transactions', () => {
  it('lists bank lines: date, account, type, way, counterparty link, reference, signed amount, open and status', async () => {
    const { lastQuery } = setup();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const receipt = (await within(table).findByRole('link', { name: 'Irina Belova' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(receipt).getByRole('link', { name: 'Irina Belova' })).toHaveAttribute(
      'href',
      '/directory/clients/7',
    );
    for (const text of ['12/03/2026', 'Barclays GBP (…4821)', 'TPRO', 'Receive', 'Pay', 'Unmatched'])
      expect(within(receipt).getByText(text)).toBeInTheDocument();
    // money in, and all of it still open (a third time in the phone's line under the date)
    expect(within(receipt).getAllByText('1 250.30 GBP')).toHaveLength(3);
    // the whole bank text on hover
    expect(within(receipt).getByTitle(RECEIPT.reference as string)).toBeInTheDocument();

    const payment = within(table).getByRole('link', { name: 'Hotel Savoy' }).closest('tr') as HTMLElement;
    expect(within(payment).getByRole('link', { name: 'Hotel Savoy' })).toHaveAttribute(
      'href',
      '/directory/suppliers/12',
    );
    // money out reads negative; nothing is open once matched
    expect(within(payment).getAllByText('-480.00 GBP')).toHaveLength(2);
    expect(within(payment).getByText('0.00 GBP')).toBeInTheDocument();
    expect(within(payment).getByText('Matched')).toBeInTheDocument();
    expect(within(payment).getByText('Spend')).toBeInTheDocument();

    expect(Object.fromEntries(lastQuery())).toEqual({ limit: '20', offset: '0', ordering: '-date' });
  });

  it('opens the unmatched lines from the workspace link, and the lines of one import', async () => {
    const { lastQuery } = setup('/accounting/transactions?match_status=unmatched');
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(lastQuery().get('match_status')).toBe('unmatched'));
    expect(screen.getByRole('combobox', { name: 'Match status' })).toHaveTextContent('Unmatched');
  });

  it('keeps search, filters and sorting in the URL and sends them as the API names them', async () => {
    const { user, router, lastQuery } = setup('/accounting/transactions?import=9');
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(lastQuery().get('import')).toBe('9'));
    // the import's filter shows, and comes off
    await user.click(screen.getByRole('button', { name: 'Remove the filter: lines of import #9' }));
    await waitFor(() => expect(lastQuery().get('import')).toBeNull());

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'TPRO-INV{Enter}');
    await waitFor(() => expect(lastQuery().get('search')).toBe('TPRO-INV'));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Receive · overpayment' }));
    await waitFor(() => expect(lastQuery().get('type')).toBe('RECEIVE-OVERPAYMENT'));
    await user.click(screen.getByRole('combobox', { name: 'Way' }));
    await user.click(await screen.findByRole('option', { name: 'Top-Up' }));
    await waitFor(() => expect(lastQuery().get('way')).toBe('top_up'));
    await user.click(screen.getByRole('combobox', { name: 'Match status' }));
    await user.click(await screen.findByRole('option', { name: 'Unmatched' }));
    await waitFor(() => expect(lastQuery().get('match_status')).toBe('unmatched'));
    await user.click(screen.getByRole('checkbox', { name: 'Credit only' }));
    await waitFor(() => expect(lastQuery().get('credit')).toBe('true'));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('amount'));

    expect(router.state.location.search).toBe(
      '?search=TPRO-INV&type=RECEIVE-OVERPAYMENT&way=top_up&match_status=unmatched&credit=true&ordering=amount',
    );
  });

  it('sends a counterparty with its kind, and leaves out what the API would refuse', async () => {
    const { lastQuery } = setup(
      '/accounting/transactions?counterparty_kind=supplier&counterparty=12&type=BOGUS&date_from=2026-03-01&date_to=bad',
    );
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(lastQuery().get('counterparty')).toBe('12'));
    expect(lastQuery().get('counterparty_kind')).toBe('supplier');
    expect(lastQuery().get('date_from')).toBe('2026-03-01');
    expect(lastQuery().has('type')).toBe(false);
    expect(lastQuery().has('date_to')).toBe(false);
  });

  it('opens a line in its drawer: details, Match link, and its history', async () => {
    const { user, callsTo } = setup('/accounting/transactions', {
      'GET /api/v1/allocations/': () => listOf([]),
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await user.click(await within(table).findByText('12/03/2026'));
    const drawer = await screen.findByRole('dialog', { name: 'Transaction 41' });
    expect(within(drawer).getByRole('link', { name: 'Match' })).toHaveAttribute(
      'href',
      '/accounting/matched-data?transaction=41',
    );
    expect(within(drawer).getByText(RECEIPT.reference as string)).toBeInTheDocument();
    expect(await within(drawer).findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(queryOf(callsTo('GET /api/v1/audit/')[0])).toEqual(
      new URLSearchParams({ entity: 'bank_transaction', entity_id: '41', limit: '20' }),
    );
    // Escape closes the dialog opened from the drawer, not the drawer under it
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit transaction 41' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit transaction 41' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Transaction 41' })).toBeInTheDocument();
    // what the line settles: nothing yet
    expect(await within(drawer).findByText('Not matched to any document yet.')).toBeInTheDocument();
    expect(queryOf(callsTo('GET /api/v1/allocations/')[0])).toEqual(
      new URLSearchParams({ transaction: '41', limit: '100' }),
    );
  });

  it('deletes a line after asking, and says why the server refused', async () => {
    const { user, callsTo } = setup('/accounting/transactions', {
      'DELETE /api/v1/transactions/42/': () =>
        json(400, {
          errors: [
            { code: 'transaction_allocated', detail: 'This transaction is matched (0.00); unmatch it' },
          ],
        }),
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('Hotel Savoy');
    await user.click(within(table).getByRole('button', { name: 'Actions for transaction 42' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this transaction?' });
    expect(confirm).toHaveTextContent('-480.00 GBP on Barclays GBP (…4821), 13/03/2026');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/transactions/42/')).toHaveLength(1));
    // the refusal is toasted with its code, and the line stays
    await waitFor(() =>
      expect(toasts()).toContain('Transaction allocated: This transaction is matched (0.00); unmatch it'),
    );
    expect(screen.queryByRole('dialog', { name: 'Delete this transaction?' })).not.toBeInTheDocument();
    expect(within(table).getByText('Hotel Savoy')).toBeInTheDocument();
  });
});

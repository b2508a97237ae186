import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import type { ClientBalance } from '@app/shared/banking/allocations.schemas';
import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json, listOf, queryOf } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { toastStore } from '../../../../ui/toasts/toast-store.ts';
import { useClientBalance } from '../../api/client-credit/get-client-balance.ts';
import { ClientInvoicePage } from '../../pages/client-invoice-page.tsx';
import { INVOICE } from './client-invoice-fixtures.ts';

const credit = (id: number, date: string, amount: string, open: string): Transaction => ({
  id,
  bank: {
    id: 1,
    named: 'Barclays GBP',
    currency: 'GBP',
    company: { id: 2, code: 'TPRO', name: 'TPRO Travel Ltd' },
  },
  type: 'RECEIVE-OVERPAYMENT',
  way: 'pay',
  date,
  amount,
  currency: 'GBP',
  counterparty: { kind: 'client', id: 7, name: 'Irina Belova' },
  reference: `BELOVA ${id}`,
  card: null,
  pair: null,
  rate: null,
  import_id: null,
  allocated_amount: '0.00',
  open_amount: open,
  match_status: 'unmatched',
  is_credit: true,
  created_by: null,
  created_at: `${date}T09:00:00Z`,
  updated_at: `${date}T09:00:00Z`,
  version: 1,
});

const balanceOf = (gbp: string): ClientBalance => ({
  client: { id: 7, name: 'Irina Belova' },
  balances: [
    { currency: 'GBP', credit: '1000.00', used: '0.00', balance: gbp },
    { currency: 'USD', credit: '5000.00', used: '0.00', balance: '5000.00' },
  ],
  movements: [],
});

const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });

/**
 * Shows the balance reply the action fetched (same query; the probe itself never fetches), so a
 * test can wait for it to be rendered.
 */
function BalanceProbe() {
  const balance = useClientBalance(7, false);
  if (!balance.data) return null;
  return (
    <output data-testid="balance-probe">
      {balance.data.balances.map((b) => `${b.currency} ${b.balance}`).join(', ')}
    </output>
  );
}

function setup(
  invoice: InvoiceRecord,
  balance: ClientBalance,
  extra: ApiHandlers = {},
  beside: ReactNode = null,
) {
  let current = invoice;
  const api = fakeApi(extra, {
    [`GET /api/v1/client-invoices/${invoice.id}/`]: () => json(200, { data: current }),
    [`GET /api/v1/client-invoices/${invoice.id}/pdf/`]: pdf,
    'GET /api/v1/audit/': () => listOf([]),
    'GET /api/v1/allocations/': () => listOf([]),
    'GET /api/v1/clients/7/balance/': () => json(200, { data: balance }),
  });
  const page = renderPage(
    <>
      <ClientInvoicePage />
      {beside}
    </>,
    {
      path: '/accounting/client-invoices/:id',
      url: `/accounting/client-invoices/${invoice.id}`,
      user: { role: 'Accountant' },
    },
  );
  return { ...api, ...page, change: (next: InvoiceRecord) => (current = next) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('Pay from balance', () => {
  it('pays the open invoice from the oldest credit first, one allocation per credit, then shows it Partial', async () => {
    const posted: unknown[] = [];
    const { user, callsTo, change } = setup(INVOICE, balanceOf('1000.00'), {
      'GET /api/v1/transactions/': () =>
        // the newer one first: the web orders them itself
        listOf([credit(32, '2026-03-10', '700.00', '700.00'), credit(31, '2026-03-01', '500.00', '300.00')]),
      'POST /api/v1/allocations/': ({ body }) => {
        posted.push(body);
        if (posted.length === 2)
          change({ ...INVOICE, settled_amount: '1000.00', open_amount: '250.30', payment_status: 'Partial' });
        return json(201, { data: { id: posted.length } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay from balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay TPRO-INV-2026-0007 from the balance' });
    expect(dialog).toHaveTextContent('Balance of Irina Belova: 1 000.00 GBP');
    expect(dialog).toHaveTextContent('Open on TPRO-INV-2026-0007: 1 250.30 GBP');
    // the smaller of the balance and the open amount
    expect(within(dialog).getByRole('textbox', { name: 'Amount to apply' })).toHaveValue('1 000.00');

    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 000.00 GBP' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted).toEqual([
      { transaction: 31, invoice: 9, amount: '300.00' },
      { transaction: 32, invoice: 9, amount: '700.00' },
    ]);
    const query = queryOf(callsTo('GET /api/v1/transactions/')[0]);
    expect(Object.fromEntries(query)).toMatchObject({
      counterparty_kind: 'client',
      counterparty: '7',
      credit: 'true',
      currency: 'GBP',
    });
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Partial'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('applies a smaller amount typed in, and refuses more than the balance', async () => {
    const posted: unknown[] = [];
    const { user } = setup(
      { ...INVOICE, open_amount: '200.00', settled_amount: '1050.30', payment_status: 'Partial' },
      balanceOf('1000.00'),
      {
        'GET /api/v1/transactions/': () => listOf([credit(31, '2026-03-01', '1000.00', '1000.00')]),
        'POST /api/v1/allocations/': ({ body }) => {
          posted.push(body);
          return json(201, { data: { id: 1 } });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay from balance' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to apply' });
    expect(amount).toHaveValue('200.00');
    await user.clear(amount);
    await user.type(amount, '250');
    expect(dialog).toHaveTextContent('At most 200.00 GBP');
    expect(within(dialog).getByRole('button', { name: /^Apply/ })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.click(within(dialog).getByRole('button', { name: 'Apply 120.50 GBP' }));
    await waitFor(() => expect(posted).toEqual([{ transaction: 31, invoice: 9, amount: '120.50' }]));
  });

  it('applies on Enter in the amount', async () => {
    const posted: unknown[] = [];
    const { user } = setup(INVOICE, balanceOf('100.00'), {
      'GET /api/v1/transactions/': () => listOf([credit(31, '2026-03-01', '100.00', '100.00')]),
      'POST /api/v1/allocations/': ({ body }) => {
        posted.push(body);
        return json(201, { data: { id: 1 } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay from balance' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to apply' });
    await user.clear(amount);
    await user.type(amount, '40{Enter}');
    await waitFor(() => expect(posted).toEqual([{ transaction: 31, invoice: 9, amount: '40.00' }]));
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = setup(INVOICE, balanceOf('100.00'), {
      'GET /api/v1/transactions/': () => listOf([credit(31, '2026-03-01', '100.00', '100.00')]),
      'POST /api/v1/allocations/': () =>
        json(400, { errors: { detail: 'March 2026 is closed for TPRO; an Admin can reopen it' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay from balance' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Apply 100.00 GBP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('March 2026 is closed for TPRO');
  });

  it('is not offered when the client holds no credit in the invoice’s currency', async () => {
    const usdOnly = {
      ...balanceOf('0.00'),
      balances: balanceOf('0.00').balances.filter((b) => b.currency === 'USD'),
    };
    const { callsTo } = setup(INVOICE, usdOnly, {}, <BalanceProbe />);
    await screen.findByRole('heading', { name: 'TPRO-INV-2026-0007', level: 1 });
    // the probe shares the action's query: both render the reply in the same update
    expect(await screen.findByTestId('balance-probe')).toHaveTextContent('USD 5000.00');
    expect(callsTo('GET /api/v1/clients/7/balance/')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Pay from balance' })).not.toBeInTheDocument();
  });

  it('does not even ask for the balance of a paid invoice', async () => {
    const { callsTo } = setup(
      { ...INVOICE, settled_amount: '1250.30', open_amount: '0.00', payment_status: 'Paid' },
      balanceOf('1000.00'),
    );
    await screen.findByRole('heading', { name: 'TPRO-INV-2026-0007', level: 1 });
    expect(screen.queryByRole('button', { name: 'Pay from balance' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/v1/clients/7/balance/')).toHaveLength(0);
  });
});

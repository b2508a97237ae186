import type { ClientBalance } from '@app/shared/banking/allocations.schemas';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { ClientPage } from '../../pages/client-page.tsx';
import { ClientBalanceCard } from './client-balance-card.tsx';

const BALANCE: ClientBalance = {
  client: { id: 7, name: 'Irina Belova' },
  balances: [
    { currency: 'GBP', credit: '1500.00', used: '1250.30', balance: '249.70' },
    { currency: 'USD', credit: '300.00', used: '0.00', balance: '300.00' },
  ],
  movements: [
    {
      kind: 'use',
      date: '2026-03-12',
      currency: 'GBP',
      amount: '-1250.30',
      transaction: { id: 31, type: 'RECEIVE-OVERPAYMENT', reference: 'BELOVA OVERPAY 0007' },
      invoice: { id: 9, number: 'TPRO-INV-2026-0009' },
      allocation_id: 55,
      balance_after: '249.70',
    },
    {
      kind: 'credit',
      date: '2026-03-01',
      currency: 'GBP',
      amount: '1500.00',
      transaction: { id: 31, type: 'RECEIVE-OVERPAYMENT', reference: 'BELOVA OVERPAY 0007' },
      invoice: null,
      allocation_id: null,
      balance_after: '1500.00',
    },
    {
      kind: 'credit',
      date: '2026-02-20',
      currency: 'USD',
      amount: '300.00',
      transaction: { id: 28, type: 'RECEIVE-PREPAYMENT', reference: null },
      invoice: null,
      allocation_id: null,
      balance_after: '300.00',
    },
  ],
};

function setup(balance: ClientBalance) {
  const api = fakeApi({ 'GET /api/v1/clients/7/balance/': () => json(200, { data: balance }) });
  renderPage(<ClientBalanceCard clientId={7} />, { user: { role: 'Accountant' } });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClientBalanceCard', () => {
  it('shows the balance per currency and the movements, signed, with the invoice paid from credit', async () => {
    setup(BALANCE);
    const balances = await screen.findByRole('table', { name: 'Balance per currency' });
    const [, gbp, usd] = within(balances).getAllByRole('row');
    expect(gbp).toHaveTextContent(/GBP\s*1 500\.00\s*1 250\.30\s*249\.70 GBP/);
    expect(usd).toHaveTextContent(/USD\s*300\.00\s*0\.00\s*300\.00 USD/);

    const movements = screen.getByRole('table', { name: 'Deposit movements' });
    const [, use, credit, prepayment] = within(movements).getAllByRole('row');
    expect(use).toHaveTextContent(
      /12\/03\/2026\s*Used\s*-1 250\.30 GBP\s*BELOVA OVERPAY 0007\s*TPRO-INV-2026-0009/,
    );
    expect(within(use as HTMLElement).getByRole('link', { name: 'TPRO-INV-2026-0009' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices/9',
    );
    expect(credit).toHaveTextContent(/01\/03\/2026\s*Credit\s*\+1 500\.00 GBP/);
    // a line without a bank text is named by its type
    expect(prepayment).toHaveTextContent('RECEIVE-PREPAYMENT');
  });

  it('says No deposit when the client never had credit', async () => {
    setup({ client: BALANCE.client, balances: [], movements: [] });
    expect(await screen.findByText('No deposit')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the client page', () => {
  const CLIENT = {
    id: 7,
    first_name: 'Irina',
    last_name: 'Belova',
    named: 'Irina Belova',
    rating: 'Basic',
    blacklisted: false,
    archived: false,
    version: 1,
  };

  function open(role: 'Accountant' | 'FO' | 'BO' | 'Admin') {
    const api = fakeApi({
      'GET /api/v1/clients/7/': () => json(200, { data: CLIENT }),
      'GET /api/v1/audit/': () => json(200, { data: [], meta: { total: 0, limit: 20, offset: 0 } }),
      'GET /api/v1/clients/7/balance/': () => json(200, { data: BALANCE }),
    });
    renderPage(<ClientPage />, {
      path: '/directory/clients/:id',
      url: '/directory/clients/7',
      user: { role },
    });
    return api;
  }

  it('shows the deposit to an Accountant', async () => {
    open('Accountant');
    expect(await screen.findByRole('table', { name: 'Balance per currency' })).toBeInTheDocument();
  });

  it('neither shows nor asks for the deposit for front and back office', async () => {
    for (const role of ['FO', 'BO'] as const) {
      const { callsTo } = open(role);
      await screen.findByRole('heading', { name: 'Irina Belova', level: 1 });
      expect(screen.queryByRole('heading', { name: 'Deposit balance' })).not.toBeInTheDocument();
      expect(callsTo('GET /api/v1/clients/7/balance/')).toHaveLength(0);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

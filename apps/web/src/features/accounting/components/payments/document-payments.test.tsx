import type { Allocation } from '@app/shared/banking/allocations.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, listOf, queryOf } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { toastStore } from '../../../../ui/toasts/toast-store.ts';
import { DocumentPayments } from './document-payments.tsx';

/** A USD part payment of an AED invoice: 1 000 USD applied as 3 672.50 AED, an 8.30 AED gain. */
const USD_PART: Allocation = {
  id: 31,
  transaction: {
    id: 501,
    type: 'RECEIVE',
    date: '2026-05-12',
    amount: '1500.00',
    currency: 'USD',
    bank: 'Emirates NBD USD',
    reference: 'TT BELOVA INV-0007',
  },
  document: {
    kind: 'invoice',
    id: 9,
    number: 'TPRO-INV-2026-0007',
    currency: 'AED',
    counterparty: { id: 7, name: 'Irina Belova' },
  },
  bill: null,
  amount: '1000.00',
  currency: 'USD',
  document_amount: '3672.50',
  document_currency: 'AED',
  rate: '3.6725',
  base_currency: 'AED',
  base_amount: '3680.80',
  document_base_amount: '3672.50',
  fx_difference: '8.30',
  from_credit: false,
  date: '2026-05-12',
  created_by: { id: 2, name: 'Arthur Accountant' },
  created_at: '2026-05-12T10:00:00Z',
};

/** The rest, in AED from the client's balance: no rate, a small loss. */
const AED_REST: Allocation = {
  ...USD_PART,
  id: 32,
  transaction: {
    ...USD_PART.transaction,
    id: 502,
    amount: '500.00',
    currency: 'AED',
    bank: 'Emirates NBD AED',
  },
  amount: '500.00',
  currency: 'AED',
  document_amount: '500.00',
  rate: '1',
  base_amount: '500.00',
  document_base_amount: '500.00',
  fx_difference: '-10.55',
  from_credit: true,
  date: '2026-05-14',
};

function setup(payments: Allocation[]) {
  let current = payments;
  const api = fakeApi({
    'GET /api/v1/allocations/': () => listOf(current),
    'DELETE /api/v1/allocations/31/': () => {
      current = current.filter((p) => p.id !== 31);
      return json(204, null);
    },
  });
  const page = renderPage(<DocumentPayments target="invoice" id={9} />, { user: { role: 'Accountant' } });
  return { ...api, ...page };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('DocumentPayments', () => {
  it('lists the bank lines that settled the invoice: rate across currencies, signed FX, the deposit badge and totals', async () => {
    const { callsTo } = setup([USD_PART, AED_REST]);
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(within(section).getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Payments matched' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(queryOf(callsTo('GET /api/v1/allocations/')[0]).get('invoice')).toBe('9');

    const [, usd, aed] = within(table).getAllByRole('row');
    for (const text of [
      '12/05/2026',
      'Emirates NBD USD',
      '1 000.00 USD',
      '3 672.50 AED',
      '1 USD = 3.672500 AED',
      '+8.30 AED',
    ])
      expect(usd).toHaveTextContent(text);
    expect(within(usd!).getByRole('link', { name: 'TT BELOVA INV-0007' })).toHaveAttribute(
      'href',
      '/accounting/matched-data?transaction=501',
    );
    expect(usd).not.toHaveTextContent('From balance (Deposit)');

    // one currency: no rate; a loss is red with a true minus sign
    expect(aed).toHaveTextContent('From balance (Deposit)');
    expect(aed).not.toHaveTextContent('1 AED =');
    expect(aed).toHaveTextContent('−10.55 AED');

    expect(screen.getByTestId('payments-applied-total')).toHaveTextContent('4 172.50 AED');
    expect(screen.getByTestId('payments-fx-total')).toHaveTextContent('−2.25 AED');
  });

  it('says when nothing is matched yet and points to Matched data', async () => {
    setup([]);
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(await within(section).findByText(/No payment matched yet\./)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Match a bank line' })).toHaveAttribute(
      'href',
      '/accounting/matched-data',
    );
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('unmatches a payment only after the confirmation, then reads the payments again', async () => {
    const { user, callsTo } = setup([USD_PART, AED_REST]);
    await user.click(await screen.findByRole('button', { name: 'Unmatch TT BELOVA INV-0007 of 12/05/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch this payment?' });
    expect(dialog).toHaveTextContent(
      'The payment of 1 000.00 USD on 12/05/2026 to Emirates NBD USD (“TT BELOVA INV-0007”) will no longer settle 3 672.50 AED of TPRO-INV-2026-0007.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /api/v1/allocations/31/')).toHaveLength(0);

    const reads = callsTo('GET /api/v1/allocations/').length;
    await user.click(screen.getAllByRole('button', { name: /^Unmatch / })[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unmatch this payment?' })).getByRole('button', {
        name: 'Unmatch',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE /api/v1/allocations/31/')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET /api/v1/allocations/').length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByText('Emirates NBD USD')).toBeNull());
    expect(screen.getByText('Emirates NBD AED')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Unmatch this payment?' })).toBeNull();
  });
});

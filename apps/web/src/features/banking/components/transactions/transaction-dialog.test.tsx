import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { toastStore } from '../../../../ui/toasts/toast-store.ts';
import { TransactionDialog } from './transaction-dialog.tsx';
import { PAYMENT, RECEIPT } from './transaction-fixtures.ts';

const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const BANKS = [{ id: 3, named: 'Barclays GBP (…4821)', currency: 'GBP', type: 'bank', company_code: 'TPRO' }];
const CARD = {
  id: 5,
  bank: { id: 3, bank_name: 'Barclays', account_number: 'GB00BARC4821', type: 'bank' },
  company: { id: 1, code: 'TPRO', name: 'Travel Pro Ltd' },
  currency: 'GBP',
  holder: 'Anna Accountant',
  last_four: '4242',
  brand: 'Visa',
  expiry: '12/29',
  expired: false,
  limit: null,
  archived: false,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};

function setup(transaction: typeof RECEIPT | null = null, answer = () => json(201, { data: RECEIPT })) {
  const api = fakeApi({
    'GET /api/v1/banks/': () => list(BANKS),
    'GET /api/v1/bank-cards/': () => list([CARD]),
    'GET /api/v1/clients/': () => list([{ id: 7, named: 'Irina Belova' }]),
    'GET /api/v1/suppliers/': () => list([{ id: 12, named: 'Hotel Savoy', currency: 'GBP' }]),
    'POST /api/v1/transactions/': answer,
    [`PATCH /api/v1/transactions/${transaction?.id ?? 0}/`]: answer,
  });
  const onClose = vi.fn();
  const rendered = renderPage(<TransactionDialog opened transaction={transaction} onClose={onClose} />, {
    user: { role: 'Accountant' },
  });
  const dialog = () =>
    screen.getByRole('dialog', {
      name: transaction
        ? `Edit ${transaction.pair ? 'transfer' : 'transaction'} ${transaction.id}`
        : 'New transaction',
    });
  const pick = async (label: string, option: RegExp | string) => {
    await rendered.user.click(within(dialog()).getByRole('combobox', { name: label }));
    await rendered.user.click(await screen.findByRole('option', { name: option }));
  };
  return { ...api, ...rendered, onClose, dialog, pick };
}

beforeEach(() => toastStore.clear());
afterEach(() => vi.unstubAllGlobals());

describe('TransactionDialog', () => {
  it('offers the ways of the chosen type, and the card only for a SPEND, of that account', async () => {
    const { dialog, pick, user, callsTo } = setup();
    // the first field has the focus
    await waitFor(() =>
      expect(within(dialog()).getByRole('combobox', { name: 'Bank account' })).toHaveFocus(),
    );
    await pick('Bank account', /Barclays GBP/);
    expect(within(dialog()).getByTestId('transaction-currency')).toHaveTextContent('GBP');

    const radios = () =>
      within(within(dialog()).getByRole('radiogroup', { name: 'Way' }))
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value);
    expect(radios()).toEqual(['pay', 'top_up']);
    expect(within(dialog()).getByRole('radio', { name: 'Top-Up (increase balance)' })).toBeInTheDocument();
    expect(within(dialog()).queryByRole('combobox', { name: 'Bank card' })).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('radio', { name: 'Top-Up (increase balance)' }));
    await pick('Type', 'Spend');
    // a top-up is no way of a SPEND: back to pay
    expect(radios()).toEqual(['pay', 'reduce']);
    expect(within(dialog()).getByRole('radio', { name: 'Pay' })).toBeChecked();
    expect(within(dialog()).getByRole('radio', { name: 'Reduce balance' })).toBeInTheDocument();

    await pick('Bank card', 'Visa •••• 4242 · Anna Accountant');
    expect(callsTo('GET /api/v1/bank-cards/')[0]?.url).toContain('bank=3');

    await pick('Type', 'Spend · prepayment');
    expect(within(dialog()).queryByRole('combobox', { name: 'Bank card' })).not.toBeInTheDocument();
  });

  it('sends the line and shows the server’s field messages under their fields', async () => {
    const { dialog, pick, user, callsTo, onClose } = setup(null, () =>
      json(400, {
        errors: { amount: ['Maximum value 999999999999.99'], counterparty: ['Invalid field value'] },
      }),
    );
    await pick('Bank account', /Barclays GBP/);
    await pick('Type', 'Spend');
    // money out goes to a supplier unless said otherwise
    await pick('Supplier', 'Hotel Savoy');
    await pick('Bank card', /Visa/);
    await user.type(within(dialog()).getByRole('textbox', { name: 'Amount' }), '480.5');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Reference' }), 'Savoy 2291{Enter}');

    await waitFor(() => expect(callsTo('POST /api/v1/transactions/')).toHaveLength(1));
    const body = callsTo('POST /api/v1/transactions/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      bank: 3,
      type: 'SPEND',
      way: 'pay',
      amount: '480.5',
      counterparty_kind: 'supplier',
      counterparty: 12,
      reference: 'Savoy 2291',
      card: 5,
    });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await within(dialog()).findByText('Maximum value 999999999999.99')).toBeInTheDocument();
    expect(within(dialog()).getByText('Invalid field value')).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refused rule in the dialog', async () => {
    const { dialog, pick, user } = setup(null, () =>
      json(400, {
        errors: [{ code: 'period_locked', detail: 'March 2026 is closed for TPRO; an Admin can reopen it' }],
      }),
    );
    await pick('Bank account', /Barclays GBP/);
    await pick('Client', 'Irina Belova');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Enter transaction' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'March 2026 is closed for TPRO; an Admin can reopen it',
    );
  });

  it('asks for the client of a credit before sending anything', async () => {
    const { dialog, pick, user, callsTo } = setup();
    await pick('Bank account', /Barclays GBP/);
    await pick('Type', 'Receive · overpayment');
    expect(within(dialog()).getByRole('radio', { name: 'Supplier' })).toBeDisabled();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Enter transaction' }));
    expect(
      await within(dialog()).findByText('A credit or a use of credit belongs to a client: choose the client'),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/v1/transactions/')).toHaveLength(0);
  });

  it('edits a matched line: only what the server lets change is open, and only what changed is sent', async () => {
    const { dialog, user, callsTo } = setup(PAYMENT, () => json(200, { data: PAYMENT }));
    expect(within(dialog()).getByTestId('transaction-bank')).toHaveTextContent('Barclays GBP (…4821) · TPRO');
    expect(within(dialog()).getByRole('textbox', { name: 'Amount' })).toBeDisabled();
    const reference = within(dialog()).getByRole('textbox', { name: 'Reference' });
    await user.clear(reference);
    await user.type(reference, 'Savoy booking 2291 deposit');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/transactions/42/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/transactions/42/')[0]?.body).toEqual({
      version: 3,
      reference: 'Savoy booking 2291 deposit',
    });
  });

  it('edits a transfer leg: its date and reference only', async () => {
    const leg = {
      ...PAYMENT,
      type: 'SPEND-TRANSFER' as const,
      way: 'transfer' as const,
      counterparty: null,
      card: null,
      pair: { id: 43, bank: 'HSBC GBP (…1200)', amount: '480.00', currency: 'GBP' as const },
    };
    const { dialog, user, callsTo } = setup(leg, () => json(200, { data: leg }));
    expect(within(dialog()).queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    expect(dialog()).toHaveTextContent('paired with 480.00 GBP on HSBC GBP (…1200)');
    const reference = within(dialog()).getByRole('textbox', { name: 'Reference' });
    await user.clear(reference);
    await user.type(reference, 'Float top-up{Enter}');
    await waitFor(() => expect(callsTo('PATCH /api/v1/transactions/42/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/transactions/42/')[0]?.body).toEqual({
      version: 3,
      reference: 'Float top-up',
    });
  });
});

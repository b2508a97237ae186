import type { Card } from '@app/shared/accounting/cards.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { BankCardsPage } from './bank-cards-page.tsx';

const VISA: Card = {
  id: 1,
  bank: { id: 3, bank_name: 'Barclays', account_number: 'GB29NWBK60161331926819', type: 'Outcome' },
  company: { id: 2, code: 'TPRO', name: 'Travel Pro Ltd' },
  currency: 'GBP',
  holder: 'Arthur Accountant',
  last_four: '4242',
  brand: 'Visa',
  expiry: '09/29',
  expired: false,
  limit: '25000.00',
  archived: false,
  archived_at: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  version: 1,
};
const OLD: Card = {
  ...VISA,
  id: 2,
  last_four: '4444',
  brand: 'Mastercard',
  expiry: '01/24',
  expired: true,
  limit: null,
};

const BANK_ITEM = {
  id: 3,
  named: 'Barclays GBP (…6819)',
  currency: 'GBP',
  type: 'Outcome',
  company_code: 'TPRO',
};
const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

function setup() {
  const api = fakeApi({
    'GET /api/v1/bank-cards/': (call) =>
      queryOf(call).get('archived') === 'only'
        ? listOf([{ ...OLD, archived: true, archived_at: '2026-03-01T10:00:00Z' }])
        : listOf([VISA, OLD]),
    'GET /api/v1/banks/': () => listOf([BANK_ITEM]),
    'POST /api/v1/bank-cards/': () => ({
      status: 201,
      body: { data: { ...VISA, id: 5, last_four: '1111' } },
    }),
    'DELETE /api/v1/bank-cards/2/': () => ({ status: 204 }),
    'POST /api/v1/bank-cards/2/unarchive/': () => ({ body: { data: OLD } }),
  });
  const page = renderPage(<BankCardsPage />, {
    path: '/accounting/bank-cards',
    user: { role: 'Accountant' },
  });
  return { ...page, ...api };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const numberField = () => screen.getByRole('textbox', { name: /Card number/ });

async function openAddDialog(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add card' }));
  return screen.findByRole('dialog', { name: 'Add a bank card' });
}

describe('/accounting/bank-cards', () => {
  it('lists bank, company, holder, the last four digits, expiry (expired marked) and limit', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Bank cards' });
    const visa = (await within(table).findByText('•••• 4242')).closest('tr') as HTMLElement;
    expect(visa).toHaveTextContent('Barclays');
    expect(visa).toHaveTextContent('GBP · …6819 · Outcome');
    expect(visa).toHaveTextContent('TPRO');
    expect(visa).toHaveTextContent('Arthur Accountant');
    expect(visa).toHaveTextContent('Visa');
    expect(visa).toHaveTextContent('09/29');
    expect(visa).toHaveTextContent('25 000.00 GBP');
    expect(visa).not.toHaveTextContent('Expired');
    const old = within(table).getByText('•••• 4444').closest('tr') as HTMLElement;
    expect(old).toHaveTextContent('Expired');
    expect(old).toHaveTextContent('No limit');
  });

  it('checks the number with Luhn in the browser, sends a valid one once and forgets it', async () => {
    const { user, callsTo } = setup();
    await screen.findByText('•••• 4242');
    const dialog = await openAddDialog(user);
    expect(numberField()).toHaveAttribute('autocomplete', 'off');
    expect(numberField()).toHaveAttribute('inputmode', 'numeric');

    await user.click(within(dialog).getByRole('combobox', { name: /Bank account/ }));
    await user.click(await screen.findByRole('option', { name: /Barclays GBP/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Holder/ }), 'Arthur Accountant');
    await user.type(numberField(), '4242424242424241');
    expect(numberField()).toHaveValue('4242 4242 4242 4241');
    await user.type(within(dialog).getByRole('textbox', { name: /Expiry/ }), `09${nextYear}`);
    expect(within(dialog).getByRole('textbox', { name: /Expiry/ })).toHaveValue(`09/${nextYear}`);
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByText('Invalid card number')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/bank-cards/')).toHaveLength(0);

    await user.clear(numberField());
    await user.type(numberField(), '4111 1111 1111 1111');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(callsTo('POST /api/v1/bank-cards/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/bank-cards/')[0]?.body).toEqual({
      bank: 3,
      holder: 'Arthur Accountant',
      number: '4111111111111111',
      expiry: `09/${nextYear}`,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a bank card' })).not.toBeInTheDocument(),
    );

    await openAddDialog(user);
    expect(numberField()).toHaveValue('');
  });

  it('clears the typed number when the dialog is closed without saving', async () => {
    const { user, callsTo } = setup();
    await screen.findByText('•••• 4242');
    const dialog = await openAddDialog(user);
    await user.type(numberField(), '4111111111111111');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openAddDialog(user);
    expect(numberField()).toHaveValue('');
    expect(callsTo('POST /api/v1/bank-cards/')).toHaveLength(0);
  });

  it('refuses an expiry in the past and asks before deleting a card', async () => {
    const { user, callsTo } = setup();
    await screen.findByText('•••• 4242');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Expiry/ }), '0120');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findAllByText('Invalid field value')).not.toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Mastercard •••• 4444' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this card?' });
    expect(callsTo('DELETE /api/v1/bank-cards/2/')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/bank-cards/2/')).toHaveLength(1));
  });
});

describe('deleted cards', () => {
  it('lists them on request and restores one', async () => {
    const { user, callsTo } = setup();
    await screen.findByText('•••• 4242');
    await user.click(screen.getByRole('checkbox', { name: 'Deleted cards' }));
    await waitFor(() =>
      expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/bank-cards/').at(-1)))).toEqual({
        limit: '20',
        offset: '0',
        ordering: 'holder',
        archived: 'only',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Delete Mastercard •••• 4444' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restore Mastercard •••• 4444' }));
    await waitFor(() => expect(callsTo('POST /api/v1/bank-cards/2/unarchive/')).toHaveLength(1));
  });
});

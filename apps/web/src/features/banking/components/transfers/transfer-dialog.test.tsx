import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { PAYMENT, RECEIPT } from '../transactions/transaction-fixtures.ts';
import { TransferDialog } from './transfer-dialog.tsx';

const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const BANKS = [
  { id: 3, named: 'Barclays GBP (…4821)', currency: 'GBP', type: 'bank', company_code: 'TPRO' },
  { id: 4, named: 'Barclays EUR (…9930)', currency: 'EUR', type: 'bank', company_code: 'TPRO' },
  { id: 6, named: 'HSBC GBP (…1200)', currency: 'GBP', type: 'bank', company_code: 'TPRO' },
];
const TRANSFER = {
  out: { ...PAYMENT, type: 'SPEND-TRANSFER', way: 'conversion', amount: '2000.00' },
  in: { ...RECEIPT, type: 'RECEIVE-TRANSFER', way: 'conversion', amount: '2360.00', currency: 'EUR' },
};

function setup() {
  const api = fakeApi({
    'GET /api/v1/banks/': () => list(BANKS),
    'POST /api/v1/transfers/': () => json(201, { data: TRANSFER }),
  });
  const onClose = vi.fn();
  const rendered = renderPage(<TransferDialog opened onClose={onClose} />, { user: { role: 'Accountant' } });
  const dialog = () => screen.getByRole('dialog', { name: 'New transfer' });
  const pick = async (label: string, option: RegExp) => {
    await rendered.user.click(within(dialog()).getByRole('combobox', { name: label }));
    await rendered.user.click(await screen.findByRole('option', { name: option }));
  };
  const box = (name: string) => within(dialog()).getByRole('textbox', { name });
  return { ...api, ...rendered, onClose, dialog, pick, box };
}

afterEach(() => vi.unstubAllGlobals());

describe('TransferDialog', () => {
  it('between currencies is a conversion: the rate gives the amount received, the amount received the rate, exactly', async () => {
    const { dialog, pick, box, user, callsTo, onClose } = setup();
    await waitFor(() =>
      expect(within(dialog()).getByRole('combobox', { name: 'From account' })).toHaveFocus(),
    );
    await pick('From account', /Barclays GBP/);
    await pick('To account', /Barclays EUR/);
    expect(within(dialog()).getByTestId('conversion')).toHaveTextContent('Conversion');

    await user.type(box('Amount sent'), '0.10');
    await user.type(box('Rate (EUR per 1 GBP)'), '3');
    // 0.1 × 3 in floats is 0.30000000000000004
    await waitFor(() => expect(box('Amount received')).toHaveValue('0.30'));

    await user.clear(box('Amount sent'));
    await user.type(box('Amount sent'), '1000');
    await waitFor(() => expect(box('Amount received')).toHaveValue('3 000.00'));
    await user.clear(box('Rate (EUR per 1 GBP)'));
    await user.type(box('Rate (EUR per 1 GBP)'), '1.234565');
    // half up to the cent, as the server rounds
    await waitFor(() => expect(box('Amount received')).toHaveValue('1 234.57'));

    // the amount received typed: the rate follows, and then follows the amount sent
    await user.clear(box('Amount received'));
    await user.type(box('Amount received'), '1180');
    await waitFor(() => expect(box('Rate (EUR per 1 GBP)')).toHaveValue('1.18'));
    await user.clear(box('Amount sent'));
    await user.type(box('Amount sent'), '3000');
    await waitFor(() => expect(box('Rate (EUR per 1 GBP)')).toHaveValue('0.393333'));
    // what the person typed stays as typed
    expect(box('Amount received')).toHaveValue('1 180');

    await user.click(within(dialog()).getByRole('button', { name: 'Enter conversion' }));
    await waitFor(() => expect(callsTo('POST /api/v1/transfers/')).toHaveLength(1));
    // only the side typed last goes: the server derives the other as shown
    expect(callsTo('POST /api/v1/transfers/')[0]?.body).toMatchObject({
      from_bank: 3,
      to_bank: 4,
      amount: '3000',
      to_amount: '1180',
      reference: null,
    });
    expect(callsTo('POST /api/v1/transfers/')[0]?.body).not.toHaveProperty('rate');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks for the rate of a conversion, and for two different accounts, before sending', async () => {
    const { dialog, pick, box, user, callsTo } = setup();
    await pick('From account', /Barclays GBP/);
    await pick('To account', /Barclays EUR/);
    await user.type(box('Amount sent'), '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Enter conversion' }));
    expect(
      await within(dialog()).findByText('A conversion from GBP to EUR needs its rate or the amount received'),
    ).toBeInTheDocument();

    await pick('To account', /Barclays GBP/);
    expect(within(dialog()).queryByTestId('conversion')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Enter transfer' }));
    expect(await within(dialog()).findByText('Choose two different accounts')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/transfers/')).toHaveLength(0);
  });

  it('within one currency sends the amount alone', async () => {
    const { dialog, pick, box, user, callsTo } = setup();
    await pick('From account', /Barclays GBP/);
    await pick('To account', /HSBC GBP/);
    await user.type(box('Amount'), '250{Enter}');
    await waitFor(() => expect(callsTo('POST /api/v1/transfers/')).toHaveLength(1));
    const body = callsTo('POST /api/v1/transfers/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ from_bank: 3, to_bank: 6, amount: '250' });
    expect(body).not.toHaveProperty('rate');
    expect(body).not.toHaveProperty('to_amount');
    expect(dialog()).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { AccountingRequestCreatePage, RequestCreatePage } from './request-create-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LONDON = { id: 1, title: 'London', ccy: 'GBP' };
const COMPANIES = [
  { id: 11, named: 'BSLF', name: 'BSLF Ltd', base_currency: 'GBP' },
  { id: 12, named: 'TPRO', name: 'TPRO FZE', base_currency: 'AED' },
  { id: 13, named: 'AIRS', name: 'AIRS Ltd', base_currency: 'USD' },
  { id: 14, named: 'OTHER', name: 'Not a request company', base_currency: 'EUR' },
];
const ANNA = { id: 9, named: 'Anna Ivanova', rating: 'Basic', blacklisted: false, archived: false };
const VICTOR = { id: 10, named: 'Victor Black', rating: 'Blacklisted', blacklisted: true, archived: false };
const RITZ = { id: 5, named: 'The Ritz Paris', type: 'Hotel', currency: 'EUR', archived: false };
/** EUR → GBP: sell 0.85, buy 0.84 (DOMAIN.md: sell at the sell rate, cost at the buy rate). */
const RATES = {
  id: 1,
  created_at: '2026-11-20T09:00:00Z',
  pairs: [],
  rates: [
    {
      id: 1,
      original_currency: { named: 'EUR' },
      target_currency: { named: 'GBP' },
      rate: '0.850000',
      rate_sell: '0.850000',
      rate_buy: '0.840000',
      created_at: '2026-11-20T09:00:00Z',
    },
  ],
};

const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });

function setup(
  page = <RequestCreatePage />,
  user: object = { id: 3, name: 'Fiona Front', role: 'FO', region: LONDON },
  post?: (call: ApiCall) => Response,
) {
  const api = fakeApi({
    'GET /api/v1/companies/': () => list(COMPANIES),
    'GET /api/v1/exchange-rates/get-latest-rate/': () => json(200, { data: RATES }),
    'GET /api/v1/clients/': () => list([ANNA, VICTOR]),
    'GET /api/v1/suppliers/': () => list([RITZ]),
    'GET /api/v1/managers/picker/': () => list([]),
    'GET /api/v1/region/': () => list([LONDON, { id: 2, title: 'Dubai', ccy: 'AED' }]),
    'POST /api/v1/requests/': post ?? (() => json(201, { data: { id: 77, number: 'BSLF-2026-00077' } })),
  });
  const rendered = renderPage(page, {
    path: '/requests/create',
    user,
    extraRoutes: { '/requests/:id': <p>the request page</p> },
  });
  return { ...api, ...rendered };
}

async function choose(
  user: ReturnType<typeof setup>['user'],
  label: string | RegExp,
  option: RegExp | string,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/requests/create', () => {
  it('starts from the person: company of the office’s currency, their office, themselves as FO manager, one Hotel line', async () => {
    const rendered = setup();
    const form = await screen.findByRole('form', { name: 'New request' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Company' })).toHaveTextContent('BSLF'),
    );
    expect(within(form).getByRole('combobox', { name: 'Office' })).toHaveTextContent('London');
    expect(within(form).getByRole('combobox', { name: 'FO manager' })).toHaveTextContent('Fiona Front');
    expect(within(form).getByRole('group', { name: 'Line 1' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Service type' })).toHaveTextContent('Hotel');
    // only the request companies are offered
    await rendered.user.click(screen.getByRole('combobox', { name: 'Company' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'BSLFGBP',
      'TPROAED',
      'AIRSUSD',
    ]);
  });

  it('shows every missing field under itself and sends nothing', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('form', { name: 'New request' });
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    const line = screen.getByRole('group', { name: 'Line 1' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Client' })).toHaveAttribute('aria-invalid', 'true'),
    );
    for (const name of ['Supplier', 'Account type'])
      expect(within(line).getByRole('combobox', { name })).toHaveAttribute('aria-invalid', 'true');
    for (const name of ['Cost (supplier)', 'Sell (client)'])
      expect(within(line).getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Required field').length).toBeGreaterThanOrEqual(5);
    expect(callsTo('POST /api/v1/requests/')).toHaveLength(0);
  });

  it('sends the request with its lines, amounts as the exact decimals typed (a comma is the dot), and opens it', async () => {
    const { user, callsTo, router } = setup();
    await screen.findByRole('form', { name: 'New request' });
    await choose(user, 'Client', /Anna Ivanova/);
    const line = screen.getByRole('group', { name: 'Line 1' });
    await choose(user, 'Supplier', /The Ritz Paris/);
    // the supplier's currency becomes the cost's
    expect(within(line).getByRole('combobox', { name: 'Cost currency' })).toHaveTextContent('EUR');
    await user.type(within(line).getByRole('textbox', { name: 'Hotel' }), 'The Ritz Paris');
    await choose(user, 'Room type', 'Deluxe');
    await choose(user, 'Meal', 'Bed and breakfast');
    await choose(user, 'Account type', 'Toms EU');
    await user.type(within(line).getByRole('textbox', { name: 'Cost (supplier)' }), '1000,5');
    await user.type(within(line).getByRole('textbox', { name: 'Sell (client)' }), '1250,75');
    await user.type(within(line).getByRole('textbox', { name: 'Pax' }), '2');
    await choose(user, 'From hour', '14');
    await choose(user, 'From minute', '35');
    // margin at the current rates: 1250.75 GBP − 1000.50 EUR × 0.84 = 1250.75 − 840.42
    await waitFor(() => expect(within(line).getByTestId('line-margin')).toHaveTextContent('410.33 GBP'));
    expect(screen.getByTestId('total-margin')).toHaveTextContent('410.33 GBP');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(callsTo('POST /api/v1/requests/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/requests/')[0]?.body).toEqual({
      kind: 'service',
      company_id: 11,
      client_id: 9,
      region_id: 1,
      fo_manager_id: 3,
      lines: [
        {
          service_type: 'Hotel',
          supplier_id: 5,
          hour_from: '14',
          minute_from: '35',
          pax: 2,
          hotel_name: 'The Ritz Paris',
          room_type: 'Deluxe',
          meal: 'Bed and breakfast',
          account_type: 'Toms EU',
          cost: '1000.5',
          cost_currency: 'EUR',
          sell: '1250.75',
          sell_currency: 'GBP',
          payment_method: 'Wire',
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/77'));
  }, 20_000);

  it('flags a negative margin in red, per line and in the total', async () => {
    const { user } = setup();
    await screen.findByRole('form', { name: 'New request' });
    const line = screen.getByRole('group', { name: 'Line 1' });
    await choose(user, 'Supplier', /The Ritz Paris/);
    await user.type(within(line).getByRole('textbox', { name: 'Cost (supplier)' }), '1000');
    await user.type(within(line).getByRole('textbox', { name: 'Sell (client)' }), '800');
    await waitFor(() => expect(within(line).getByTestId('line-margin')).toHaveTextContent('-40.00 GBP'));
    expect(within(line).getByTestId('line-margin')).toHaveAttribute('data-negative', 'true');
    expect(screen.getByTestId('total-margin')).toHaveAttribute('data-negative', 'true');
  });

  it('adds and removes lines; Other asks for its subtype, Air tickets for class and route', async () => {
    const { user } = setup();
    await screen.findByRole('form', { name: 'New request' });
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const second = screen.getByRole('group', { name: 'Line 2' });
    await user.click(within(second).getByRole('combobox', { name: 'Service type' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    expect(within(second).getByRole('combobox', { name: 'Subtype' })).toBeInTheDocument();
    await user.click(within(second).getByRole('combobox', { name: 'Service type' }));
    await user.click(await screen.findByRole('option', { name: 'Air tickets' }));
    expect(within(second).getByRole('combobox', { name: 'Flight class' })).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: 'Route' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.queryByRole('group', { name: 'Line 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Line 1' })).toHaveTextContent('Air tickets');
    // a service request may keep no line at all (its offers come first)
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.queryByRole('group', { name: 'Line 1' })).not.toBeInTheDocument();
  }, 15_000);

  it('refuses a line that ends before it starts, and shows a refusal of the whole list of lines above them', async () => {
    const { user, callsTo } = setup(undefined, undefined, () =>
      json(400, { errors: { lines: ['Maximum value 50'] } }),
    );
    await screen.findByRole('form', { name: 'New request' });
    const line = screen.getByRole('group', { name: 'Line 1' });
    await choose(user, 'Client', /Anna Ivanova/);
    await choose(user, 'Supplier', /The Ritz Paris/);
    await choose(user, 'Account type', 'Toms EU');
    await user.type(within(line).getByRole('textbox', { name: 'Cost (supplier)' }), '10');
    await user.type(within(line).getByRole('textbox', { name: 'Sell (client)' }), '12');
    await user.type(within(line).getByRole('textbox', { name: 'From' }), '05/05/2026{Enter}');
    await user.type(within(line).getByRole('textbox', { name: 'To' }), '04/05/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await within(line).findByText('Invalid field value')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/requests/')).toHaveLength(0);
    await user.clear(within(line).getByRole('textbox', { name: 'To' }));
    await user.type(within(line).getByRole('textbox', { name: 'To' }), '06/05/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText('Maximum value 50')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/requests/')[0]?.body).toMatchObject({
      lines: [{ date_from: '2026-05-05', date_to: '2026-05-06' }],
    });
  }, 20_000);

  it('refuses a blacklisted client with a clear message and sends nothing', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('form', { name: 'New request' });
    await choose(user, 'Client', /Victor Black/);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Victor Black: This client is blacklisted and cannot get a new request',
    );
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(callsTo('POST /api/v1/requests/')).toHaveLength(0);
  });

  it('puts the server’s field messages under their fields, a line’s under that line', async () => {
    const { user } = setup(undefined, undefined, () =>
      json(400, {
        errors: {
          client_id: ['This client is blacklisted and cannot get a new request'],
          'lines.0.supplier_id': ['This record is archived; choose another'],
        },
      }),
    );
    await screen.findByRole('form', { name: 'New request' });
    const line = screen.getByRole('group', { name: 'Line 1' });
    await choose(user, 'Client', /Anna Ivanova/);
    await choose(user, 'Supplier', /The Ritz Paris/);
    await choose(user, 'Account type', 'Disbursement');
    await user.type(within(line).getByRole('textbox', { name: 'Cost (supplier)' }), '10');
    await user.type(within(line).getByRole('textbox', { name: 'Sell (client)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(
      await screen.findByText('This client is blacklisted and cannot get a new request'),
    ).toBeInTheDocument();
    expect(within(line).getByText('This record is archived; choose another')).toBeInTheDocument();
  }, 15_000);

  it('opens a service request without lines, for the hotel offers to come first', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('form', { name: 'New request' });
    await choose(user, 'Client', /Anna Ivanova/);
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getByTestId('no-lines')).toHaveTextContent('collect hotel offers');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(callsTo('POST /api/v1/requests/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/requests/')[0]?.body).toMatchObject({ client_id: 9, lines: [] });
  });

  it('tells an Accountant that service requests are for FO and BO, and offers the accounting request', async () => {
    setup(<RequestCreatePage />, { role: 'Accountant', region: LONDON });
    expect(
      await screen.findByText('Service requests are opened by front and back office'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New accounting request' })).toHaveAttribute(
      'href',
      '/requests/create-accounting',
    );
  });
});

describe('/requests/create-accounting', () => {
  for (const role of ['Accountant', 'Admin'] as const)
    it(`lets ${role === 'Admin' ? 'an Admin' : 'an Accountant'} open a request of Accounting lines, without supplier or managers`, async () => {
      const { user, callsTo } = setup(<AccountingRequestCreatePage />, {
        id: 2,
        name: 'Arthur',
        role,
        region: LONDON,
      });
      const form = await screen.findByRole('form', { name: 'New accounting request' });
      const line = within(form).getByRole('group', { name: 'Line 1' });
      expect(within(line).getByRole('combobox', { name: 'Service type' })).toHaveTextContent('Accounting');
      await choose(user, 'Client', /Anna Ivanova/);
      await choose(user, 'Account type', 'Toms non EU');
      await user.type(within(line).getByRole('textbox', { name: 'Sell (client)' }), '350');
      await user.click(screen.getByRole('button', { name: 'Create accounting request' }));
      await waitFor(() => expect(callsTo('POST /api/v1/requests/')).toHaveLength(1));
      expect(callsTo('POST /api/v1/requests/')[0]?.body).toEqual({
        kind: 'accounting',
        company_id: 11,
        client_id: 9,
        region_id: 1,
        lines: [
          {
            service_type: 'Accounting',
            account_type: 'Toms non EU',
            cost: '0',
            cost_currency: 'GBP',
            sell: '350',
            sell_currency: 'GBP',
            payment_method: 'Wire',
          },
        ],
      });
    });

  it('keeps the one line of an accounting request: it is the charge', async () => {
    setup(<AccountingRequestCreatePage />, { id: 2, name: 'Arthur', role: 'Accountant', region: LONDON });
    const form = await screen.findByRole('form', { name: 'New accounting request' });
    expect(within(form).getByRole('group', { name: 'Line 1' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Remove line 1' })).not.toBeInTheDocument();
  });

  it('explains to FO that accounting requests are for accounting', async () => {
    setup(<AccountingRequestCreatePage />, { role: 'FO', region: LONDON });
    expect(await screen.findByText('Accounting requests are for accounting')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

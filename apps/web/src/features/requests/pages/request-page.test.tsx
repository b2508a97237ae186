import type { LogRecordDetail } from '@app/shared/requests/log.schemas';
import type { HotelOffer } from '@app/shared/requests/offers.schemas';
import type { RequestLine, RequestRecord } from '@app/shared/requests/requests.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json, listOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { addDays, todayIso } from '../../../ui/dates/date-format.ts';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { RequestPage } from './request-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

const TODAY = todayIso();

const LINE: RequestLine = {
  id: 11,
  position: 1,
  service_type: 'Hotel',
  service_subtype: null,
  supplier: { id: 5, name: 'Four Seasons Park Lane' },
  date_from: '2026-06-01',
  hour_from: '14',
  minute_from: '05',
  date_to: '2026-06-04',
  hour_to: '11',
  minute_to: '00',
  pax: 2,
  description: null,
  account_type: 'Toms EU',
  cost: '1000.00',
  cost_currency: 'GBP',
  sell: '1250.00',
  sell_currency: 'GBP',
  payment_method: 'Wire',
  status: 'Confirmed',
  hotel_name: 'Four Seasons Park Lane',
  room_type: 'Deluxe',
  meal: 'Bed and breakfast',
  cancellation_policy: 'Flexible',
  flight_class: null,
  route: null,
  deadlines: [
    { id: 101, type: 'Prepayment', due_date: addDays(TODAY, -2), amount: '300.00' },
    { id: 102, type: 'Final payment', due_date: addDays(TODAY, 3), amount: '700.00' },
  ],
  sell_base: '1250.00',
  cost_base: '1000.00',
  margin: '250.00',
  rate_set_id: 3,
  margin_at: 'stamped',
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
  version: 2,
};

const AIR: RequestLine = {
  ...LINE,
  id: 12,
  position: 2,
  service_type: 'Air tickets',
  supplier: { id: 6, name: 'Emirates' },
  hotel_name: null,
  room_type: null,
  meal: null,
  cancellation_policy: null,
  flight_class: 'Business',
  route: 'LHR – DXB',
  cost: '900.00',
  cost_currency: 'USD',
  sell: '600.00',
  sell_base: '600.00',
  cost_base: '710.00',
  margin: '-110.00',
  margin_at: 'current',
  rate_set_id: null,
  status: null,
  deadlines: [],
  version: 1,
};

const REQUEST: RequestRecord = {
  id: 42,
  number: 'BSLF-2026-00042',
  kind: 'service',
  company: { id: 1, code: 'BSLF' },
  client: { id: 7, name: 'Irina Belova' },
  fo_manager: { id: 3, name: 'Fiona Front' },
  bo_manager: { id: 4, name: 'Boris Back' },
  office: { id: 1, title: 'London', ccy: 'GBP' },
  status: 'In progress',
  date_from: '2026-06-01',
  date_to: '2026-06-04',
  service_types: ['Hotel', 'Air tickets'],
  supplier_names: 'Four Seasons Park Lane, Emirates',
  base_currency: 'GBP',
  sell_total: '1850.00',
  margin: '140.00',
  has_invoice: false,
  lines_count: 2,
  created_at: '2026-05-01T10:00:00Z',
  version: 5,
  description: 'Anniversary trip',
  canceled_at: null,
  created_by: { id: 3, name: 'Fiona Front' },
  updated_at: '2026-05-02T10:00:00Z',
  lines: [LINE, AIR],
  totals: { sell: '1850.00', cost: '1710.00', margin: '140.00' },
  rates_missing: false,
};

const OFFER: HotelOffer = {
  id: 31,
  request_id: 42,
  position: 1,
  hotel_name: 'The Savoy',
  room_type: 'Junior suite',
  meal: 'Room only',
  cancellation_policy: 'Non refundable',
  supplier: { id: 8, name: 'Savoy Hotels' },
  date_from: '2026-06-01',
  date_to: '2026-06-04',
  nights: 3,
  pax: 2,
  cost: '2400.00',
  cost_currency: 'GBP',
  price: '2900.00',
  price_currency: 'GBP',
  notes: null,
  line_id: null,
  sent_at: null,
  created_by: null,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
  version: 1,
};
const CHOSEN: HotelOffer = { ...OFFER, id: 32, hotel_name: 'Claridge’s', line_id: 11, position: 2 };

const LOG: LogRecordDetail = {
  id: 9,
  status: 'SENT FOR CORRECTION',
  request: {
    id: 42,
    number: 'BSLF-2026-00042',
    status: 'In progress',
    company: { id: 1, code: 'BSLF' },
    client: { id: 7, name: 'Irina Belova' },
    office: { id: 1, title: 'London', ccy: 'GBP' },
    fo_manager: null,
    bo_manager: null,
  },
  submitted_by: { id: 4, name: 'Boris Back' },
  submitted_at: '2026-05-03T09:00:00Z',
  reviewed_by: { id: 2, name: 'Arthur Accountant' },
  reviewed_at: '2026-05-03T12:00:00Z',
  comment: 'The supplier invoice is missing',
  created_at: '2026-05-03T09:00:00Z',
  updated_at: '2026-05-03T12:00:00Z',
  version: 2,
  events: [
    {
      id: 1,
      action: 'submitted',
      status: 'NEW',
      comment: null,
      user: { id: 4, name: 'Boris Back' },
      created_at: '2026-05-03T09:00:00Z',
    },
    {
      id: 2,
      action: 'sent_for_correction',
      status: 'SENT FOR CORRECTION',
      comment: 'The supplier invoice is missing',
      user: { id: 2, name: 'Arthur Accountant' },
      created_at: '2026-05-03T12:00:00Z',
    },
  ],
};

type Role = 'Admin' | 'FO' | 'BO' | 'Accountant';

function setup({
  request = REQUEST,
  offers = [OFFER, CHOSEN],
  log = [] as LogRecordDetail[],
  role = 'FO' as Role,
  extra = {} as ApiHandlers,
} = {}) {
  const api = fakeApi(extra, {
    'GET /api/v1/requests/42/': () => json(200, { data: request }),
    'GET /api/v1/requests/42/offers/': () => json(200, { data: offers }),
    'GET /api/v1/log/': () => listOf(log),
    'GET /api/v1/log/9/': () => json(200, { data: LOG }),
    'GET /api/v1/tasks/': () => listOf([]), // the request's tasks panel
  });
  const view = renderPage(<RequestPage />, {
    path: '/requests/:id',
    url: '/requests/42',
    user: { role, type: role === 'Admin' ? 'admin' : 'user' },
  });
  return { ...api, ...view };
}

const bodyOf = (calls: { method: string; url: string; body: unknown }[], key: string) =>
  calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key).at(-1)?.body;
const toasts = () => toastStore.getSnapshot().map((t) => `${t.title ?? ''}: ${t.message}`);

describe('the request page', () => {
  it('shows the header, the client link, the lines with their money and the totals', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'BSLF-2026-00042' })).toBeInTheDocument();
    expect(screen.getByTestId('request-status')).toHaveTextContent('In progress');
    expect(screen.getByRole('link', { name: 'Irina Belova' })).toHaveAttribute(
      'href',
      '/directory/clients/7',
    );
    expect(screen.getByText('Fiona Front')).toBeInTheDocument();
    expect(screen.getByText('Boris Back')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Service lines' });
    const rows = within(table).getAllByTestId(/^line-\d+$/);
    expect(rows).toHaveLength(2);
    // the hotel line: times to the minute, stamped margin
    expect(within(rows[0]!).getByText('01/06/2026 14:05')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByText('Four Seasons Park Lane · Deluxe, Bed and breakfast, Flexible'),
    ).toBeInTheDocument();
    expect(within(rows[0]!).getByText('stamped')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('line-margin')).not.toHaveAttribute('data-negative');
    // the air line: a negative margin at current rates, flagged
    const negative = within(rows[1]!).getByTestId('line-margin');
    expect(negative).toHaveTextContent('-110.00 GBP');
    expect(negative).toHaveAttribute('data-negative', 'true');
    expect(within(rows[1]!).getByText('at current rates')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('900.00 USD')).toBeInTheDocument();
    expect(screen.getByTestId('total-sell')).toHaveTextContent('1 850.00 GBP');
    expect(screen.getByTestId('total-margin')).toHaveTextContent('140.00 GBP');
  });

  it('highlights overdue and upcoming deadline payments', async () => {
    setup();
    const alert = await screen.findByTestId('deadline-alert');
    expect(alert).toHaveTextContent('Deadline payments: 1 overdue, 1 due within 7 days');
    expect(alert).toHaveTextContent('Prepayment 300.00 GBP, line 1 (Hotel, Four Seasons Park Lane): overdue');
    const table = screen.getByRole('table', { name: 'Service lines' });
    const items = within(table).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-deadline'))).toEqual(['overdue', 'upcoming']);
    expect(items[0]).toHaveTextContent('Overdue');
    expect(items[1]).toHaveTextContent('Due soon');
  });

  it('says when the request does not exist, or may not be opened', async () => {
    fakeApi({ 'GET /api/v1/requests/42/': () => json(404, { errors: { detail: 'Not found' } }) });
    const first = renderPage(<RequestPage />, { path: '/requests/:id', url: '/requests/42' });
    expect(await screen.findByRole('heading', { name: 'This request does not exist' })).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/v1/requests/42/': () => json(403, { errors: { detail: 'Forbidden' } }) });
    renderPage(<RequestPage />, { path: '/requests/:id', url: '/requests/42' });
    expect(await screen.findByRole('heading', { name: 'You cannot open this request' })).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('shows a bad address as not found without asking the server', async () => {
    const { calls } = fakeApi({});
    renderPage(<RequestPage />, { path: '/requests/:id', url: '/requests/abc' });
    expect(await screen.findByRole('heading', { name: 'This request does not exist' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the header', () => {
  it('saves the header with its version, and says so plainly when it is stale', async () => {
    let answer = 409;
    const { user, calls, callsTo } = setup({
      extra: {
        'PATCH /api/v1/requests/42/': () =>
          answer === 409 ? json(409, { errors: { detail: 'Stale' } }) : json(200, { data: REQUEST }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Request header' });
    await user.clear(within(form).getByRole('textbox', { name: 'Description' }));
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Honeymoon');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByTestId('stale-alert')).toHaveTextContent(
      'This request was changed by someone else while you were editing it.',
    );
    expect(bodyOf(calls, 'PATCH /api/v1/requests/42/')).toEqual({
      client_id: 7,
      fo_manager_id: 3,
      bo_manager_id: 4,
      region_id: 1,
      description: 'Honeymoon',
      version: 5,
    });
    const reads = callsTo('GET /api/v1/requests/42/').length;
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(callsTo('GET /api/v1/requests/42/').length).toBeGreaterThan(reads));
    answer = 200;
  });

  it("offers Admins in the header's manager pickers, labelled Admin, and saves one as FO manager", async () => {
    const { user, calls, callsTo } = setup({
      extra: {
        'GET /api/v1/managers/picker/': () =>
          listOf([
            {
              id: 1,
              named: 'Alice Admin',
              role: 'Admin',
              office: { id: 1, title: 'London', ccy: 'GBP' },
              office_title: 'London',
              extra: 'Admin · London',
            },
            { id: 3, named: 'Fiona Front', role: 'FO', office: null, office_title: null, extra: null },
          ]),
        'PATCH /api/v1/requests/42/': () => json(200, { data: REQUEST }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Request header' });
    await user.click(within(form).getByRole('combobox', { name: 'FO manager' }));
    const alice = await screen.findByRole('option', { name: /Alice Admin/ });
    expect(alice).toHaveTextContent('Admin · London');
    const query = new URLSearchParams(callsTo('GET /api/v1/managers/picker/').at(-1)?.url.split('?')[1]);
    expect(query.get('role')).toBe('FO');
    expect(query.get('with_admins')).toBe('true');
    await user.click(alice);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH /api/v1/requests/42/')).toEqual(
        expect.objectContaining({ fo_manager_id: 1, bo_manager_id: 4 }),
      ),
    );
  });

  it('cancels after a question, and shows why a delete was refused', async () => {
    const { user, calls } = setup({
      extra: {
        'POST /api/v1/requests/42/cancel/': () => json(200, { data: { ...REQUEST, status: 'Canceled' } }),
        'DELETE /api/v1/requests/42/': () =>
          json(400, {
            errors: [
              {
                code: 'request_not_deletable',
                detail:
                  'A request with a confirmed, invoiced or accounted line cannot be deleted; cancel it instead',
              },
            ],
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const question = await screen.findByRole('dialog', { name: 'Cancel BSLF-2026-00042?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(bodyOf(calls, 'POST /api/v1/requests/42/cancel/')).toEqual({ version: 5 }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete BSLF-2026-00042?' });
    await user.click(within(del).getByRole('button', { name: 'Delete request' }));
    expect(await within(del).findByRole('alert')).toHaveTextContent(
      'A request with a confirmed, invoiced or accounted line cannot be deleted; cancel it instead',
    );
    // the refusal is told in the dialog, not in a toast as well
    expect(toasts()).toEqual([': BSLF-2026-00042 is canceled.']);
  });

  it('offers an Accountant no changes to a service request: invoicing is Issue invoice, not a line move', async () => {
    setup({ role: 'Accountant' });
    await screen.findByRole('heading', { name: 'BSLF-2026-00042' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add offer' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select offer The Savoy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send as Text' })).toBeNull();
    // neither line offers a move: a line becomes Invoiced only when an invoice is issued for it
    expect(screen.queryByRole('button', { name: 'Actions for line 1 (Hotel)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for line 2 (Air tickets)' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Issue invoice' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices?new=1&request=42',
    );
  });
});

describe('service lines', () => {
  it('adds a hotel line with its deadlines, and refuses deadlines over the cost in the form', async () => {
    const { user, calls } = setup({
      extra: {
        'POST /api/v1/requests/42/lines/': () => json(201, { data: REQUEST }),
        'GET /api/v1/suppliers/': () =>
          listOf([
            {
              id: 9,
              named: 'The Ritz London',
              type: 'hotel',
              currency: 'EUR',
              payment_terms_days: 30,
              archived: false,
            },
          ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add line' }));
    const form = await screen.findByRole('form', { name: 'Service line' });
    const pick = async (name: string | RegExp, option: string) => {
      await user.click(within(form).getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Service type', 'Hotel');
    await user.type(within(form).getByRole('textbox', { name: 'Hotel' }), 'The Ritz');
    await pick('Room type', 'Deluxe');
    await pick('Meal', 'Room only');
    await pick('Cancellation policy', 'Flexible');
    await pick('From hour', '14');
    await pick('From minute', '05');
    await pick('Account type', 'Toms EU');
    await pick('Payment method', 'Wire');
    await user.type(within(form).getByRole('textbox', { name: /Cost \(supplier\)/ }), '1000');
    await user.type(within(form).getByRole('textbox', { name: /Sell \(client\)/ }), '1200');
    await user.click(within(form).getByRole('button', { name: 'Add deadline payment' }));
    const row = within(form).getByRole('group', { name: 'Deadline payment 1' });
    await user.click(within(row).getByRole('combobox', { name: 'Payment' }));
    await user.click(await screen.findByRole('option', { name: 'Prepayment' }));
    await user.type(within(row).getByRole('textbox', { name: 'Due date' }), '01/06/2026{Enter}');
    await user.type(within(row).getByRole('textbox', { name: /Amount/ }), '1500');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "The deadline payments add up to more than the line's cost",
    );
    // the supplier is still missing, and the schedule is over the cost: nothing is sent
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(await within(form).findAllByText('Required field')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // the supplier's currency becomes the cost's; a schedule within the cost goes through
    await user.click(within(form).getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: /The Ritz London/ }));
    await user.clear(within(row).getByRole('textbox', { name: /Amount/ }));
    await user.type(within(row).getByRole('textbox', { name: /Amount/ }), '400');
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/requests/42/lines/')).toEqual({
        service_type: 'Hotel',
        service_subtype: null,
        supplier_id: 9,
        date_from: null,
        hour_from: '14',
        minute_from: '05',
        date_to: null,
        hour_to: null,
        minute_to: null,
        pax: null,
        description: '',
        account_type: 'Toms EU',
        cost: '1000',
        cost_currency: 'EUR',
        sell: '1200',
        sell_currency: 'GBP',
        payment_method: 'Wire',
        hotel_name: 'The Ritz',
        room_type: 'Deluxe',
        meal: 'Room only',
        cancellation_policy: 'Flexible',
        flight_class: null,
        route: '',
        deadlines: [{ type: 'Prepayment', due_date: '2026-06-01', amount: '400' }],
      }),
    );
  }, 20_000);

  it('starts a new line as a Hotel paid by wire in the request’s currency, like the create page', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add line' }));
    const form = await screen.findByRole('form', { name: 'Service line' });
    expect(within(form).getByRole('combobox', { name: 'Service type' })).toHaveTextContent('Hotel');
    expect(within(form).getByRole('textbox', { name: 'Hotel' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Payment method' })).toHaveTextContent('Wire');
    expect(within(form).getByRole('combobox', { name: 'Sell currency' })).toHaveTextContent('GBP');
  });

  it('asks before closing the line drawer with changes not saved, and closes a clean one at once', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add line' }));
    let form = await screen.findByRole('form', { name: 'Service line' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Service line' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    form = await screen.findByRole('form', { name: 'Service line' });
    await user.type(within(form).getByRole('textbox', { name: 'Hotel' }), 'The Ritz');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Hotel' })).toHaveValue('The Ritz');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard the changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Service line' })).toBeNull());
  });

  it('confirms a line with its version, and shows the server code when the move is refused', async () => {
    let refuse = false;
    const { user, calls } = setup({
      extra: {
        'POST /api/v1/requests/42/lines/12/status/': () =>
          refuse
            ? json(400, {
                errors: [{ code: 'no_rate_set', detail: 'No rate set converts USD to GBP' }],
              })
            : json(200, { data: AIR }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for line 2 (Air tickets)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/requests/42/lines/12/status/')).toEqual({
        status: 'Confirmed',
        version: 1,
      }),
    );
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Actions for line 2 (Air tickets)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm' }));
    await waitFor(() => expect(toasts()).toContain('No rate set: No rate set converts USD to GBP'));
  });

  it('offers undo and cancel on a confirmed line by role', async () => {
    const { user, calls } = setup({
      role: 'Admin',
      extra: { 'POST /api/v1/requests/42/lines/11/status/': () => json(200, { data: LINE }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for line 1 (Hotel)' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit', 'Undo confirm', 'Cancel line']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Undo confirm' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/requests/42/lines/11/status/')).toEqual({
        status: null,
        version: 2,
      }),
    );
  });

  it('opens the actions of a line from the keyboard', async () => {
    const { user } = setup();
    const trigger = await screen.findByRole('button', { name: 'Actions for line 2 (Air tickets)' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit', 'Confirm', 'Cancel line', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('edits only the deadlines and times of a confirmed line, with its version', async () => {
    const { user, calls } = setup({
      extra: { 'PATCH /api/v1/requests/42/lines/11/': () => json(200, { data: LINE }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for line 1 (Hotel)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Service line' });
    expect(within(form).getByRole('textbox', { name: /Cost \(supplier\)/ })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove deadline payment 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save line' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH /api/v1/requests/42/lines/11/')).toEqual({
        hour_from: '14',
        minute_from: '05',
        hour_to: '11',
        minute_to: '00',
        description: '',
        deadlines: [{ type: 'Prepayment', due_date: addDays(TODAY, -2), amount: '300.00' }],
        version: 2,
      }),
    );
  });
});

describe('stale versions', () => {
  it('says plainly when a line was changed meanwhile, on save and on a status move', async () => {
    const { user, callsTo } = setup({
      extra: {
        'PATCH /api/v1/requests/42/lines/11/': () => json(409, { errors: { detail: 'Stale' } }),
        'POST /api/v1/requests/42/lines/12/status/': () => json(409, { errors: { detail: 'Stale' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for line 1 (Hotel)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Service line' });
    await user.click(within(form).getByRole('button', { name: 'Save line' }));
    expect(await within(form).findByTestId('stale-alert')).toHaveTextContent(
      'This line was changed by someone else while you were editing it.',
    );
    const reads = callsTo('GET /api/v1/requests/42/').length;
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(callsTo('GET /api/v1/requests/42/').length).toBeGreaterThan(reads));

    await user.click(screen.getByRole('button', { name: 'Actions for line 2 (Air tickets)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toasts()).toContain(
        'Changed by someone else: This line was changed by someone else. The request has been reloaded: check the line and try again.',
      ),
    );
  }, 15_000);
});

describe('hotel offers', () => {
  it('marks the chosen one, sends the selected ones as text and copies it in one click', async () => {
    const text = 'Dear Irina,\n\n1. The Savoy, Junior suite, 3 nights: 2 900.00 GBP';
    const { user, calls } = setup({
      extra: { 'POST /api/v1/requests/42/offers/send/': () => json(200, { data: { text } }) },
    });
    const chosen = await screen.findByTestId('offer-32');
    expect(chosen).toHaveTextContent('Chosen: line 1');
    const send = screen.getByRole('button', { name: 'Send as Text' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select offer The Savoy' }));
    await user.click(send);
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/requests/42/offers/send/')).toEqual({ form: 'Text', offers: [31] }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Offers as text' });
    expect(within(dialog).getByTestId('offers-text')).toHaveValue(text);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard: what the page wrote there can be read back
    expect(await navigator.clipboard.readText()).toBe(text);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('downloads the presentation of the selected offers from the server', async () => {
    const created = vi.fn(() => 'blob:offers');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user, calls } = setup({
      extra: {
        'POST /api/v1/requests/42/offers/send/': () =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="BSLF-2026-00042-offers.pdf"',
            },
          }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select offer The Savoy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select offer Claridge’s' }));
    await user.click(screen.getByRole('button', { name: 'Send as Presentation' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(bodyOf(calls, 'POST /api/v1/requests/42/offers/send/')).toEqual({
      form: 'Presentation',
      offers: [31, 32],
    });
    expect(toasts()).toEqual([': The presentation is downloaded.']);
  });

  it('adds an offer with every field', async () => {
    const { user, calls } = setup({
      extra: {
        'POST /api/v1/requests/42/offers/': () => json(201, { data: OFFER }),
        'GET /api/v1/suppliers/': () =>
          listOf([
            {
              id: 8,
              named: 'Savoy Hotels',
              type: 'hotel',
              currency: 'GBP',
              payment_terms_days: 30,
              archived: false,
            },
          ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add offer' }));
    const form = await screen.findByRole('form', { name: 'Hotel offer' });
    const pick = async (name: string | RegExp, option: string | RegExp) => {
      await user.click(within(form).getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await user.type(within(form).getByRole('textbox', { name: 'Hotel' }), 'The Savoy');
    await pick('Supplier', /Savoy Hotels/);
    await pick('Room type', 'Junior suite');
    await pick('Meal', 'Room only');
    await pick('Cancellation policy', 'Non refundable');
    await user.type(within(form).getByRole('textbox', { name: 'Pax' }), '2');
    await user.type(within(form).getByRole('textbox', { name: /Cost \(supplier\)/ }), '2400');
    await user.type(within(form).getByRole('textbox', { name: /Price \(client\)/ }), '2900');
    await user.click(within(form).getByRole('button', { name: 'Add offer' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/requests/42/offers/')).toEqual({
        hotel_name: 'The Savoy',
        room_type: 'Junior suite',
        meal: 'Room only',
        cancellation_policy: 'Non refundable',
        supplier_id: 8,
        // the request's dates are the offer's to start with
        date_from: '2026-06-01',
        date_to: '2026-06-04',
        pax: 2,
        cost: '2400',
        cost_currency: 'GBP',
        price: '2900',
        price_currency: 'GBP',
        notes: '',
      }),
    );
  });

  it('turns an offer into a line after a question', async () => {
    const { user, calls } = setup({
      extra: { 'POST /api/v1/requests/42/offers/31/choose/': () => json(201, { data: LINE }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for offer The Savoy' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Choose (make a line)' }));
    const question = await screen.findByRole('dialog', { name: 'Choose The Savoy?' });
    await user.click(within(question).getByRole('button', { name: 'Make it a line' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/v1/requests/42/offers/31/choose/')).toBe(true),
    );
  });
});

describe('the LOG', () => {
  it('shows the whole history, and BO resubmits after a correction', async () => {
    const { user, calls } = setup({
      role: 'BO',
      log: [LOG],
      extra: { 'POST /api/v1/requests/42/submit/': () => json(200, { data: { ...LOG, status: 'NEW' } }) },
    });
    const events = await screen.findAllByTestId('log-event');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('Sent for correction');
    expect(events[0]).toHaveTextContent('Arthur Accountant');
    expect(events[0]).toHaveTextContent('The supplier invoice is missing');
    expect(events[1]).toHaveTextContent('Submitted to accounting');
    expect(events[1]).toHaveTextContent('Boris Back');
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/requests/42/submit/')).toBe(true),
    );
  });

  it('lets an Accountant confirm or send back with a comment, never without one', async () => {
    const open: LogRecordDetail = {
      ...LOG,
      status: 'NEW',
      comment: null,
      events: [LOG.events[0]!],
      version: 1,
    };
    const { user, calls } = setup({
      role: 'Accountant',
      log: [open],
      extra: {
        'GET /api/v1/log/9/': () => json(200, { data: open }),
        'POST /api/v1/log/9/correction/': () => json(200, { data: LOG }),
        'POST /api/v1/log/9/confirm/': () => json(200, { data: { ...open, status: 'CONFIRM' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send for correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Send for correction' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /What should be corrected/ }),
      'Add the invoice',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send for correction' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/v1/log/9/correction/')).toEqual({
        comment: 'Add the invoice',
        version: 1,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const question = await screen.findByRole('dialog', { name: 'Confirm BSLF-2026-00042?' });
    await user.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodyOf(calls, 'POST /api/v1/log/9/confirm/')).toEqual({ version: 1 }));
  });
});

describe('the request’s invoices and bills', () => {
  const INVOICE_ROW = {
    id: 9,
    kind: 'invoice',
    number: 'BSLF-INV-2026-0007',
    company: { id: 1, code: 'BSLF', name: 'BSLF Ltd' },
    client: { id: 7, name: 'Irina Belova' },
    request: { id: 42, number: 'BSLF-2026-00042' },
    currency: 'GBP',
    issue_date: '2026-05-10',
    due_date: '2026-05-24',
    total: '1250.00',
    settled_amount: '0.00',
    open_amount: '1250.00',
    payment_status: 'Unpaid',
    sent_at: '2026-05-11T09:00:00Z',
    sent_to: 'irina@example.com',
    overdue: true,
    pdf_url: '/api/v1/client-invoices/9/pdf/',
  };
  const BILL_ROW = {
    id: 5,
    number: 'FS-88412',
    supplier: { id: 5, name: 'Four Seasons Park Lane' },
    company: { id: 1, code: 'BSLF', name: 'BSLF Ltd' },
    requests: [{ id: 42, number: 'BSLF-2026-00042' }],
    issue_date: '2026-05-12',
    due_date: '2026-06-12',
    currency: 'GBP',
    amount: '1000.00',
    lines_cost: '1000.00',
    difference: '0.00',
    difference_pct: '0.00',
    settled_amount: '0.00',
    open_amount: '1000.00',
    payment_status: 'Unpaid',
    overdue: false,
    file: { name: 'fs-88412.pdf', type: 'pdf', size: 48000, url: '/api/v1/supplier-invoices/5/file/' },
  };
  const documents = (invoices: unknown[] = [INVOICE_ROW], bills: unknown[] = [BILL_ROW]) => ({
    'GET /api/v1/client-invoices/': () => listOf(invoices),
    'GET /api/v1/supplier-invoices/': () => listOf(bills),
  });

  it('is shown to Admins and Accountants only, and the others never ask for it', async () => {
    for (const role of ['FO', 'BO'] as const) {
      const { calls, unmount } = setup({ role, extra: documents() });
      await screen.findByRole('heading', { name: 'BSLF-2026-00042' });
      expect(screen.queryByRole('heading', { name: 'Invoices and bills' })).toBeNull();
      expect(calls.some((c) => /client-invoices|supplier-invoices/.test(c.url))).toBe(false);
      unmount();
      vi.unstubAllGlobals();
    }
    for (const role of ['Accountant', 'Admin'] as const) {
      const { unmount } = setup({ role, extra: documents() });
      expect(await screen.findByRole('heading', { name: 'Invoices and bills' })).toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('lists the request’s invoices and bills with their status, and links to issue or record one', async () => {
    const { callsTo } = setup({ role: 'Accountant', extra: documents() });
    const invoices = await screen.findByRole('table', { name: 'Client invoices' });
    expect(within(invoices).getByRole('link', { name: 'BSLF-INV-2026-0007' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices/9',
    );
    for (const text of ['10/05/2026', '1 250.00 GBP', 'Sent', 'Unpaid', 'Overdue'])
      expect(invoices).toHaveTextContent(text);
    const bills = screen.getByRole('table', { name: 'Supplier bills' });
    expect(within(bills).getByRole('link', { name: 'FS-88412' })).toHaveAttribute(
      'href',
      '/accounting/supplier-invoices/5',
    );
    expect(bills).toHaveTextContent('Four Seasons Park Lane');
    expect(bills).toHaveTextContent('1 000.00 GBP');
    expect(callsTo('GET /api/v1/client-invoices/')[0]!.url).toContain('request=42');
    expect(callsTo('GET /api/v1/supplier-invoices/')[0]!.url).toContain('request=42');

    expect(screen.getByText('1 Confirmed line is ready to invoice.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Issue invoice' })).toHaveAttribute(
      'href',
      '/accounting/client-invoices?new=1&request=42',
    );
    expect(screen.getByRole('link', { name: 'Record bill' })).toHaveAttribute(
      'href',
      '/accounting/supplier-invoices?new=1&request=42',
    );
  });

  it('offers no invoice without a Confirmed line, says when there is none yet, and shows a failed list in place', async () => {
    const request = { ...REQUEST, lines: [{ ...LINE, status: 'Invoiced' as const }, AIR] };
    setup({
      role: 'Accountant',
      request,
      extra: {
        'GET /api/v1/client-invoices/': () => listOf([]),
        'GET /api/v1/supplier-invoices/': () => json(500, { errors: { detail: 'Boom' } }),
      },
    });
    expect(await screen.findByText('No invoice yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue invoice' })).toBeDisabled();
    expect(screen.getByText('No Confirmed line to invoice.')).toBeInTheDocument();
    expect(await screen.findByText('The bills could not be loaded.')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('offers no bill to record for lines without a supplier (an accounting fee)', async () => {
    const request = { ...REQUEST, lines: [{ ...LINE, supplier: null, status: 'Invoiced' as const }] };
    setup({
      role: 'Accountant',
      request,
      extra: {
        'GET /api/v1/client-invoices/': () => listOf([]),
        'GET /api/v1/supplier-invoices/': () => listOf([]),
      },
    });
    expect(await screen.findByText('No bill yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record bill' })).toBeDisabled();
  });
});

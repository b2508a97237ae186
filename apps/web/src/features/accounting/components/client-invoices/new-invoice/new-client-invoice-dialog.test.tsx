import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, type ApiHandlers, fakeApi, json } from '../../../../../test/fake-api.ts';
import { renderPage } from '../../../../../test/render.tsx';
import { addDays } from '../../../../../ui/dates/date-format.ts';
import { toastStore } from '../../../../../ui/toasts/toast-store.ts';
import { ClientInvoicesPage } from '../../../pages/client-invoices-page.tsx';
import { INVOICE, REQUEST } from '../client-invoice-fixtures.ts';
import { utcToday } from './client-invoice-line-choices.ts';

const page = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const IRINA = { id: 7, named: 'Irina Belova', email: 'irina@example.com', payment_terms_days: 30 };
const OTHER_REQUEST = { ...REQUEST, id: 43, number: 'TPRO-2026-00043', lines: [REQUEST.lines[2]!] };
const TODAY = utcToday();
const display = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const toasts = () =>
  toastStore.getSnapshot().map((t) => `${t.title ?? ''}: ${t.message.replace(/\u00a0/g, ' ')}`);

function setup(url: string, extra: ApiHandlers = {}) {
  const api = fakeApi(extra, {
    'GET /api/v1/client-invoices/': (call: ApiCall) =>
      call.url.includes('request=42')
        ? page([{ ...INVOICE, id: 8, number: 'TPRO-INV-2026-0005' }])
        : page([]),
    'GET /api/v1/client-invoices/8/': () =>
      json(200, {
        data: {
          ...INVOICE,
          id: 8,
          number: 'TPRO-INV-2026-0005',
          lines: [{ ...INVOICE.lines[0]!, line_id: 14 }],
        },
      }),
    'GET /api/v1/requests/42/': () => json(200, { data: REQUEST }),
    'GET /api/v1/requests/43/': () => json(200, { data: OTHER_REQUEST }),
    'GET /api/v1/requests/': () => page([REQUEST, OTHER_REQUEST]),
    'GET /api/v1/clients/7/': () => json(200, { data: IRINA }),
    'GET /api/v1/clients/': () => page([IRINA]),
    'GET /api/v1/companies/': () => page([]),
    'POST /api/v1/client-invoices/': () => json(201, { data: INVOICE }),
  });
  const rendered = renderPage(<ClientInvoicesPage />, {
    path: '/accounting/client-invoices',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/accounting/client-invoices/:id': <p>the invoice page</p> },
  });
  return { ...api, ...rendered };
}

const row = (lineId: number) => screen.getByTestId(`invoice-line-${lineId}`);
const box = (lineId: number) => within(row(lineId)).getByRole('checkbox');

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('New invoice', () => {
  it('opens from the request page’s address with its client and request chosen, and tells why lines cannot be ticked', async () => {
    setup('/accounting/client-invoices?new=1&request=42');
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    expect(await within(dialog).findByText('Lines of TPRO-2026-00042')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveTextContent('Irina Belova');
    expect(within(dialog).getByRole('combobox', { name: 'Request' })).toHaveTextContent('TPRO-2026-00042');
    // two currencies among the Confirmed lines: nothing ticked until the person picks one
    expect(
      within(dialog).getByText('An invoice is in one currency: tick the lines of one.'),
    ).toBeInTheDocument();
    for (const id of [11, 12, 13]) expect(box(id)).not.toBeChecked();
    await waitFor(() => expect(row(14)).toHaveTextContent('Invoiced on TPRO-INV-2026-0005'));
    expect(row(15)).toHaveTextContent('Not confirmed');
    expect(row(16)).toHaveTextContent('Canceled');
    for (const id of [14, 15, 16]) expect(box(id)).toBeDisabled();
    // each line shows its sell, account type and currency
    expect(row(12)).toHaveTextContent('Disbursement');
    expect(row(13)).toHaveTextContent('900.00 EUR');
  });

  it('greys the other currency once a line is ticked, adds the total in decimals and sends the chosen lines', async () => {
    const { user, callsTo, router } = setup('/accounting/client-invoices?new=1&request=42');
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await within(dialog).findByText('Lines of TPRO-2026-00042');
    const preview = screen.getByTestId('invoice-total-preview');
    expect(preview).toHaveTextContent('No line ticked');

    await user.click(box(11));
    expect(row(13)).toHaveTextContent('In EUR, not GBP like the lines ticked');
    expect(box(13)).toBeDisabled();
    await user.click(row(12)); // a click anywhere on the row ticks it
    expect(box(12)).toBeChecked();
    expect(preview).toHaveTextContent('2 lines · Total 1 250.30 GBP');

    // the due date comes from the client's 30 days of terms
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Due date/ })).toHaveValue(
        display(addDays(TODAY, 30)),
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /Issue date/ })).toHaveValue(display(TODAY));
    expect(within(dialog).getByText('The client’s terms: 30 days')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Internal note' }), 'Group of two{Enter}VIP');

    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(callsTo('POST /api/v1/client-invoices/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/client-invoices/')[0]!.body).toEqual({
      request: 42,
      lines: [11, 12],
      issue_date: TODAY,
      due_date: addDays(TODAY, 30),
      internal_note: 'Group of two\nVIP',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting/client-invoices/9'));
    expect(toasts()).toContain(': Invoice TPRO-INV-2026-0007 issued for 1 250.30 GBP.');
  });

  it('starts from the button: client, then one of that client’s requests, whose only currency is ticked at once', async () => {
    const { user, callsTo } = setup('/accounting/client-invoices');
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    expect(within(dialog).getByRole('combobox', { name: 'Request' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: /Irina Belova/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Request' }));
    await user.click(await screen.findByRole('option', { name: /TPRO-2026-00043/ }));
    await within(dialog).findByText('Lines of TPRO-2026-00043');
    expect(box(13)).toBeChecked();
    expect(screen.getByTestId('invoice-total-preview')).toHaveTextContent('1 line · Total 900.00 EUR');
    // the request picker asked only for this client's requests
    const asked = callsTo('GET /api/v1/requests/').at(-1)!.url;
    expect(asked).toContain('client=7');
  });

  it('refuses an empty choice and a future issue date in the dialog, and sends nothing', async () => {
    const { user, callsTo } = setup('/accounting/client-invoices?new=1&request=42');
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await within(dialog).findByText('Lines of TPRO-2026-00042');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Choose at least one line')).toBeInTheDocument();
    // a future issue date is held at today, and said so
    const issue = within(dialog).getByRole('textbox', { name: /Issue date/ });
    await user.clear(issue);
    await user.paste(display(addDays(TODAY, 3)));
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(`Maximum date: ${display(TODAY)}`)).toBeInTheDocument();
    expect(issue).toHaveValue(display(TODAY));
    expect(callsTo('POST /api/v1/client-invoices/')).toHaveLength(0);
  });

  it('shows a field refusal under its field, and a refused rule as a toast with the lines read again', async () => {
    let answer = json(400, { errors: { due_date: ['Minimum date: 01/06/2026'] } });
    const { user, callsTo } = setup('/accounting/client-invoices?new=1&request=42', {
      'POST /api/v1/client-invoices/': () => answer,
    });
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await within(dialog).findByText('Lines of TPRO-2026-00042');
    await user.click(box(11));
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Minimum date: 01/06/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Due date/ })).toHaveAttribute('aria-invalid', 'true');
    expect(toasts()).toEqual([]);

    answer = json(400, {
      errors: [
        {
          code: 'line_already_invoiced',
          detail: 'Line 1 of TPRO-2026-00042 is already on invoice TPRO-INV-2026-0008.',
        },
      ],
    });
    const reads = callsTo('GET /api/v1/requests/42/').length;
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(toasts().join()).toContain('is already on invoice TPRO-INV-2026-0008'));
    await waitFor(() => expect(callsTo('GET /api/v1/requests/42/').length).toBeGreaterThan(reads));
    expect(screen.getByRole('dialog', { name: 'New invoice' })).toBeInTheDocument();
  });

  it('closes on Cancel and forgets the request it was opened for', async () => {
    const { user, router } = setup('/accounting/client-invoices?new=1&request=42');
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await within(dialog).findByText('Lines of TPRO-2026-00042');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New invoice' })).toBeNull());
    expect(router.state.location.search).toBe('');
  });
});

import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { INVOICE, INVOICE_LINE } from '../components/client-invoices/client-invoice-fixtures.ts';
import { ClientInvoicePage } from './client-invoice-page.tsx';

const toasts = () =>
  toastStore.getSnapshot().map((t) => `${t.title ?? ''}: ${t.message.replace(/\u00a0/g, ' ')}`);
const pdf = () =>
  new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });
const AUDIT = {
  data: [
    {
      id: 2,
      entity: 'client_invoice',
      entity_id: 9,
      action: 'send',
      user: { id: 2, name: 'Arthur Accountant' },
      at: '2026-05-11T09:00:00Z',
      changes: { sent_to: [null, 'irina@example.com'] },
    },
    {
      id: 1,
      entity: 'client_invoice',
      entity_id: 9,
      action: 'create',
      user: { id: 2, name: 'Arthur Accountant' },
      at: '2026-05-10T09:00:00Z',
      changes: { number: [null, 'TPRO-INV-2026-0007'], total: [null, '1250.30'] },
    },
  ],
  meta: { total: 2, limit: 50, offset: 0 },
};

function setup(record: InvoiceRecord = INVOICE, extra: ApiHandlers = {}) {
  let current = record;
  const api = fakeApi(extra, {
    [`GET /api/v1/client-invoices/${record.id}/`]: () => json(200, { data: current }),
    [`GET /api/v1/client-invoices/${record.id}/pdf/`]: pdf,
    'GET /api/v1/audit/': () => json(200, AUDIT),
    'GET /api/v1/allocations/': () => json(200, { data: [], meta: { total: 0, limit: 100, offset: 0 } }),
  });
  const rendered = renderPage(<ClientInvoicePage />, {
    path: '/accounting/client-invoices/:id',
    url: `/accounting/client-invoices/${record.id}`,
    user: { role: 'Accountant' },
  });
  return { ...api, ...rendered, change: (next: InvoiceRecord) => (current = next) };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('/accounting/client-invoices/:id', () => {
  it('shows the number and statuses, the details with the rate stamped, the lines by treatment, the PDF and the history', async () => {
    const { callsTo } = setup({ ...INVOICE, currency: 'EUR', rate: '0.856000', total_base: '1070.26' });
    expect(await screen.findByRole('heading', { name: 'TPRO-INV-2026-0007', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('sent-status')).toHaveTextContent('Not sent');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Unpaid');
    const details = screen.getByRole('region', { name: 'Invoice details' });
    expect(within(details).getByRole('link', { name: 'Irina Belova' })).toHaveAttribute(
      'href',
      '/directory/clients/7',
    );
    expect(within(details).getByRole('link', { name: 'TPRO-2026-00042' })).toHaveAttribute(
      'href',
      '/requests/42',
    );
    for (const text of ['10/05/2026', '24/05/2026', '1 250.30 EUR', '1 EUR = 0.856000 GBP', '1 070.26 GBP'])
      expect(details).toHaveTextContent(text);

    const toms = screen.getByRole('table', { name: 'TOMS' });
    expect(toms).toHaveTextContent('Hotel: Four Seasons Park Lane');
    expect(toms).toHaveTextContent('01/06/2026 – 04/06/2026');
    expect(within(toms).getByRole('link', { name: 'TPRO-2026-00042' })).toBeInTheDocument();
    expect(toms).toHaveTextContent('Invoiced');
    const disbursements = screen.getByRole('table', { name: 'Disbursements' });
    expect(disbursements).toHaveTextContent('Transportation: LHR – Park Lane');
    expect(disbursements).toHaveTextContent('Disbursements total0.20 EUR');

    const frame = await screen.findByTitle('TPRO-INV-2026-0007 PDF');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(callsTo('GET /api/v1/client-invoices/9/pdf/')[0]).toBeDefined();

    const history = await screen.findByTestId('history');
    expect(history).toHaveTextContent('Sent');
    expect(history).toHaveTextContent('Issued');
    expect(history).toHaveTextContent('irina@example.com');
  });

  it('sends to the client’s address by default, with a copy and a message, then shows it Sent', async () => {
    const sent = { ...INVOICE, sent_at: '2026-05-11T09:00:00Z', sent_to: 'irina@example.com', version: 2 };
    const { user, callsTo, change } = setup(INVOICE, {
      'POST /api/v1/client-invoices/9/send/': () => {
        change(sent);
        return json(200, { data: { id: 9, sent_at: sent.sent_at, sent_to: sent.sent_to, version: 2 } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send TPRO-INV-2026-0007' });
    expect(within(dialog).getByRole('textbox', { name: 'To' })).toHaveValue('irina@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Cc' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Invalid mail format')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/client-invoices/9/send/')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Cc' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Cc' }), 'pa@example.com');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Message' }),
      'Dear Irina,{Enter}please find…',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('POST /api/v1/client-invoices/9/send/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/client-invoices/9/send/')[0]!.body).toEqual({
      to: 'irina@example.com',
      cc: 'pa@example.com',
      message: 'Dear Irina,\nplease find…',
    });
    await waitFor(() => expect(screen.getByTestId('sent-status')).toHaveTextContent('Sent'));
    expect(toasts()).toContain(': Invoice TPRO-INV-2026-0007 sent to irina@example.com.');
    expect(screen.queryByRole('dialog', { name: 'Send TPRO-INV-2026-0007' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('issues a credit note for the lines chosen, with a reason, after saying it cannot be undone', async () => {
    const note: InvoiceRecord = {
      ...INVOICE,
      id: 10,
      kind: 'credit_note',
      number: 'TPRO-CN-2026-0002',
      total: '-1250.10',
      credits_invoice: { id: 9, number: 'TPRO-INV-2026-0007' },
      reason: 'Hotel stay canceled by the client',
    };
    const { user, callsTo, router } = setup(INVOICE, {
      'POST /api/v1/client-invoices/9/credit-note/': () => json(201, { data: note }),
    });
    await user.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for TPRO-INV-2026-0007' });
    const first = within(dialog).getByRole('checkbox', { name: 'Credit line 1' });
    const second = within(dialog).getByRole('checkbox', { name: 'Credit line 2' });
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    expect(screen.getByTestId('credit-total-preview')).toHaveTextContent('2 lines · Credit -1 250.30 GBP');
    await user.click(second);
    expect(screen.getByTestId('credit-total-preview')).toHaveTextContent('1 line · Credit -1 250.10 GBP');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'Hotel stay canceled by the client',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Return the lines as canceled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText('This cannot be undone')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('-1 250.10 GBP');
    expect(dialog).toHaveTextContent('1 of its 2 lines');
    expect(dialog).toHaveTextContent('go back to Canceled');
    expect(callsTo('POST /api/v1/client-invoices/9/credit-note/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(callsTo('POST /api/v1/client-invoices/9/credit-note/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/client-invoices/9/credit-note/')[0]!.body).toEqual({
      lines: [101],
      reason: 'Hotel stay canceled by the client',
      cancel_lines: true,
      version: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting/client-invoices/10'));
    expect(toasts()).toContain(': Credit note TPRO-CN-2026-0002 issued for -1 250.10 GBP.');
  });

  it('shows a credit note with the invoice it reverses and why, and offers no credit note of it', async () => {
    setup({
      ...INVOICE,
      id: 10,
      kind: 'credit_note',
      number: 'TPRO-CN-2026-0002',
      total: '-1250.10',
      settled_amount: '-1250.10',
      open_amount: '0.00',
      payment_status: 'Paid',
      credits_invoice: { id: 9, number: 'TPRO-INV-2026-0007' },
      reason: 'Hotel stay canceled by the client',
      lines: [{ ...INVOICE_LINE, id: 201, amount: '-1250.10', reverses_line_id: 101 }],
      applications: [
        {
          id: 1,
          credit_note: { id: 10, number: 'TPRO-CN-2026-0002' },
          invoice: { id: 9, number: 'TPRO-INV-2026-0007' },
          amount: '1250.10',
          created_at: '2026-05-12T09:00:00Z',
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'TPRO-CN-2026-0002', level: 1 })).toBeInTheDocument();
    const credits = screen.getByRole('region', { name: 'Credited invoice' });
    expect(within(credits).getAllByRole('link', { name: 'TPRO-INV-2026-0007' })[0]).toHaveAttribute(
      'href',
      '/accounting/client-invoices/9',
    );
    expect(credits).toHaveTextContent('Reason: Hotel stay canceled by the client');
    expect(credits).toHaveTextContent('1 250.10 GBP');
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Paid');
  });

  it('saves the internal note with the version, and says so plainly when the invoice changed meanwhile', async () => {
    let status = 200;
    const { user, callsTo } = setup(INVOICE, {
      'PATCH /api/v1/client-invoices/9/': () =>
        status === 200
          ? json(200, { data: { ...INVOICE, internal_note: 'Chase in June', version: 2 } })
          : json(409, { errors: { detail: 'Stale' } }),
    });
    const note = await screen.findByRole('textbox', { name: 'Internal note' });
    await user.type(note, 'Chase in June');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/client-invoices/9/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/client-invoices/9/')[0]!.body).toEqual({
      internal_note: 'Chase in June',
      version: 1,
    });
    status = 409;
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(/changed by someone else meanwhile/)).toBeInTheDocument();
    expect(toasts().filter((t) => t.includes('Stale'))).toEqual([]);
  });

  it('says so when the invoice does not exist', async () => {
    fakeApi({ 'GET /api/v1/client-invoices/404/': () => json(404, { errors: { detail: 'Not found.' } }) });
    renderPage(<ClientInvoicePage />, {
      path: '/accounting/client-invoices/:id',
      url: '/accounting/client-invoices/404',
      user: { role: 'Accountant' },
    });
    expect(await screen.findByText('This invoice does not exist')).toBeInTheDocument();
  });
});

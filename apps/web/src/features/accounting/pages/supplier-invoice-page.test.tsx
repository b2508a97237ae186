import type { BillableLine, BillRecord } from '@app/shared/accounting/bills.schemas';
import type { AuditEntry } from '@app/shared/directory/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, listOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { SupplierInvoicePage } from './supplier-invoice-page.tsx';

const BILL: BillRecord = {
  id: 3,
  number: 'RITZ-5521',
  supplier: { id: 5, name: 'The Ritz London' },
  company: { id: 1, code: 'BSLF', name: 'Bespoke Lifestyle Ltd' },
  requests: [{ id: 42, number: 'BSLF-2026-00042' }],
  issue_date: '2026-03-01',
  due_date: '2026-03-31',
  currency: 'EUR',
  amount: '2036.00',
  lines_cost: '2000.00',
  difference: '36.00',
  difference_pct: '1.80',
  settled_amount: '0.00',
  open_amount: '2036.00',
  payment_status: 'Unpaid',
  overdue: false,
  file: { name: 'ritz-5521.pdf', type: 'pdf', size: 48_000, url: 'supplier-invoices/3/file/' },
  difference_explanation: 'City tax added by the hotel',
  internal_note: null,
  base_currency: 'GBP',
  rate: '0.850000',
  amount_base: '1730.60',
  lines: [
    {
      id: 1,
      line_id: 11,
      request: { id: 42, number: 'BSLF-2026-00042' },
      service_type: 'Hotel',
      description: 'The Ritz, Deluxe · 01/06/2026 – 05/06/2026',
      amount: '2000.00',
    },
  ],
  created_by: { id: 2, name: 'Arthur Accountant' },
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  version: 2,
};

const FREE: BillableLine[] = [
  {
    line_id: 11,
    position: 1,
    request: { id: 42, number: 'BSLF-2026-00042' },
    company: { id: 1, code: 'BSLF', name: 'Bespoke Lifestyle Ltd' },
    service_type: 'Hotel',
    description: 'The Ritz, Deluxe',
    cost: '2000.00',
    cost_currency: 'EUR',
    status: 'Invoiced',
  },
];

const CHANGED: AuditEntry = {
  id: 7,
  entity: 'supplier_invoice',
  entity_id: 3,
  action: 'update',
  user: { id: 2, name: 'Arthur Accountant' },
  at: '2026-03-03T09:30:00Z',
  changes: { amount: ['2000.00', '2036.00'], file_sha256: ['a', 'b'] },
};

function setup(bill: BillRecord = BILL, overrides: Record<string, (call: ApiCall) => unknown> = {}) {
  const api = fakeApi(overrides as never, {
    'GET /api/v1/supplier-invoices/3/': () => ({ body: { data: bill } }),
    'GET /api/v1/supplier-invoices/3/file/': () =>
      new Response(new Uint8Array([37, 80, 68, 70, 45]), { headers: { 'Content-Type': 'application/pdf' } }),
    'GET /api/v1/supplier-invoices/billable-lines/': () => ({ body: { data: FREE } }),
    'GET /api/v1/audit/': () => listOf([CHANGED]),
    'GET /api/v1/allocations/': () => listOf([]),
    'PATCH /api/v1/supplier-invoices/3/': () => ({ body: { data: { ...bill, version: 3 } } }),
    'POST /api/v1/supplier-invoices/3/file/': () => ({ body: { data: bill } }),
  });
  const page = renderPage(<SupplierInvoicePage />, {
    path: '/accounting/supplier-invoices/:id',
    url: '/accounting/supplier-invoices/3',
    user: { role: 'Accountant' },
  });
  return { ...page, ...api };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/accounting/supplier-invoices/:id', () => {
  it('shows the bill, its lines, the difference with its explanation, the PDF and the history', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Bill RITZ-5521' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Bill details' });
    expect(within(details).getByRole('link', { name: 'The Ritz London' })).toHaveAttribute(
      'href',
      '/directory/suppliers/5',
    );
    expect(details).toHaveTextContent('2 036.00 EUR');
    expect(details).toHaveTextContent('+36.00 EUR (+1.80%)');
    expect(details).toHaveTextContent('City tax added by the hotel');
    expect(details).toHaveTextContent('1 730.60 GBP');
    expect(screen.getByRole('table', { name: 'Lines' })).toHaveTextContent('The Ritz, Deluxe');

    const frame = await screen.findByTitle("The supplier's invoice RITZ-5521");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('ritz-5521.pdf (PDF, 47 KB)')).toBeInTheDocument();

    const history = await screen.findByTestId('history');
    expect(history).toHaveTextContent('Arthur Accountant');
    expect(history).toHaveTextContent('2 000.00 → 2 036.00');
    expect(history).not.toHaveTextContent('file_sha256');
  });

  it('edits the bill with its version, the difference rule applied as on a new bill', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bill RITZ-5521' });
    await within(dialog).findByRole('checkbox', { name: /Line 1 · Hotel/ });
    const explanation = within(dialog).getByRole('textbox', { name: /Explanation of the difference/ });
    await user.clear(explanation);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Explain the difference of 1.8% (EUR 36.00) before saving', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
    expect(callsTo('PATCH /api/v1/supplier-invoices/3/')).toHaveLength(0);

    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/supplier-invoices/3/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/supplier-invoices/3/')[0]?.body).toEqual({
      number: 'RITZ-5521',
      issue_date: '2026-03-01',
      due_date: '2026-03-31',
      amount: '2000',
      lines: [11],
      difference_explanation: null,
      internal_note: null,
      version: 2,
    });
  });

  it('replaces the file only after a confirmation', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: 'Replace file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the file' });
    expect(dialog).toHaveTextContent('ritz-5521.pdf (47 KB), is removed once the new one is saved');
    await user.upload(
      within(dialog).getByLabelText('New file'),
      new File([new Uint8Array(10)], 'ritz-5521-corrected.pdf', { type: 'application/pdf' }),
    );
    expect(callsTo('POST /api/v1/supplier-invoices/3/file/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Replace file' }));
    await waitFor(() => expect(callsTo('POST /api/v1/supplier-invoices/3/file/')).toHaveLength(1));
    const body = callsTo('POST /api/v1/supplier-invoices/3/file/')[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('ritz-5521-corrected.pdf');
  });

  it('offers no edit or file replacement once payments are matched to the bill', async () => {
    setup({ ...BILL, settled_amount: '2036.00', open_amount: '0.00', payment_status: 'Paid' });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Replace file' })).toBeDisabled();
    expect(screen.getAllByTestId('payment-status')[0]).toHaveTextContent('Paid');
  });

  it('says so when the bill does not exist', async () => {
    setup(BILL, {
      'GET /api/v1/supplier-invoices/3/': () => ({ status: 404, body: { errors: { detail: 'Not found.' } } }),
    });
    expect(await screen.findByRole('heading', { name: 'This bill does not exist' })).toBeInTheDocument();
  });
});

import type { BillableLine, BillListItem } from '@app/shared/accounting/bills.schemas';
import type { Voucher, VoucherGroup } from '@app/shared/accounting/vouchers.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { SupplierInvoicesPage } from './supplier-invoices-page.tsx';

const BILL: BillListItem = {
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
  overdue: true,
  file: { name: 'ritz-5521.pdf', type: 'pdf', size: 48_000, url: 'supplier-invoices/3/file/' },
};

const line = (id: number, patch: Partial<BillableLine> = {}): BillableLine => ({
  line_id: id,
  position: id,
  request: { id: 42, number: 'BSLF-2026-00042' },
  company: { id: 1, code: 'BSLF', name: 'Bespoke Lifestyle Ltd' },
  service_type: 'Hotel',
  description: 'The Ritz, Deluxe · 01/06/2026 – 05/06/2026',
  cost: '1500.00',
  cost_currency: 'EUR',
  status: 'Confirmed',
  ...patch,
});
const LINES = [
  line(11),
  line(12, { service_type: 'Transfer', description: 'Heathrow → Piccadilly', cost: '500.00' }),
  line(21, { request: { id: 50, number: 'BSLF-2026-00050' }, cost: '80.00', cost_currency: 'GBP' }),
];

const SUPPLIER_ITEM = {
  id: 5,
  named: 'The Ritz London',
  type: 'Hotel',
  currency: 'EUR',
  payment_terms_days: 30,
  archived: false,
};

const voucher = (id: number, patch: Partial<Voucher> = {}): Voucher => ({
  id,
  deadline_id: id,
  type: 'Prepayment',
  due_date: '2026-03-02',
  amount: '1000.00',
  currency: 'EUR',
  settled_amount: '0.00',
  status: 'Inactive',
  overdue: false,
  supplier: { id: 5, name: 'The Ritz London' },
  company: { id: 1, code: 'BSLF', name: 'Bespoke Lifestyle Ltd' },
  request: { id: 42, number: 'BSLF-2026-00042' },
  line: { id: 11, service_type: 'Hotel', status: 'Confirmed' },
  approved_at: null,
  approved_by: null,
  version: 1,
  ...patch,
});
const VOUCHERS = [
  voucher(1, { overdue: true }),
  voucher(2, { type: 'Final payment', amount: '250.50', currency: 'GBP' }),
  voucher(3, {
    due_date: '2026-03-03',
    status: 'Active',
    approved_at: '2026-03-01T10:00:00Z',
    approved_by: { id: 2, name: 'Arthur' },
  }),
  voucher(4, { due_date: '2026-03-04', status: 'Paid', settled_amount: '1000.00' }),
];
const GROUPS: VoucherGroup[] = [
  { supplier: { id: 5, name: 'The Ritz London' }, currency: 'EUR', count: 3, amount: '3000.00' },
  { supplier: { id: 6, name: 'Air Charter Ltd' }, currency: 'GBP', count: 1, amount: '250.50' },
];

function setup(
  url = '/accounting/supplier-invoices',
  overrides: Record<string, (call: ApiCall) => unknown> = {},
) {
  const api = fakeApi(overrides as never, {
    'GET /api/v1/supplier-invoices/': () => listOf([BILL]),
    'GET /api/v1/supplier-invoices/billable-lines/': () => ({ body: { data: LINES } }),
    'GET /api/v1/suppliers/': () => listOf([SUPPLIER_ITEM]),
    'GET /api/v1/suppliers/5/': () => ({
      body: { data: { id: 5, currency: 'EUR', payment_terms_days: 30 } },
    }),
    'POST /api/v1/supplier-invoices/': () => ({ status: 201, body: { data: { ...BILL, id: 9 } } }),
    'GET /api/v1/payment-vouchers/': () => ({
      body: {
        data: VOUCHERS,
        meta: { total: 4, limit: 20, offset: 0, total_estimated: false, groups: GROUPS },
      },
    }),
    'POST /api/v1/payment-vouchers/approve/': (call) => ({
      body: {
        data: ((call.body as { ids: number[] }).ids ?? []).map((id) => voucher(id, { status: 'Active' })),
      },
    }),
    'PATCH /api/v1/payment-vouchers/3/': () => ({ body: { data: voucher(3) } }),
    'GET /api/v1/requests/42/': () => ({
      body: {
        data: {
          id: 42,
          number: 'BSLF-2026-00042',
          lines: [
            { id: 11, supplier: { id: 5, name: 'The Ritz London' }, status: 'Confirmed' },
            { id: 12, supplier: { id: 5, name: 'The Ritz London' }, status: 'Invoiced' },
            { id: 13, supplier: { id: 8, name: 'Chauffeurs Ltd' }, status: null },
          ],
        },
      },
    }),
  });
  const page = renderPage(<SupplierInvoicesPage />, {
    path: '/accounting/supplier-invoices',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/requests/:id': <p>request page</p> },
  });
  const last = (path: string) => Object.fromEntries(queryOf(api.callsTo(path).at(-1)));
  return { ...page, ...api, last };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const dialog = () => screen.getByRole('dialog', { name: 'New bill' });
const lineBox = (name: RegExp) => within(dialog()).getByRole('checkbox', { name });
const pdf = (name = 'ritz.pdf', size = 4) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

async function openDialogWithSupplier(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New bill' }));
  await user.click(within(dialog()).getByRole('combobox', { name: /Supplier/ }));
  await user.click(await screen.findByRole('option', { name: /The Ritz London/ }));
  await within(dialog()).findByRole('checkbox', { name: /Line 11 · Hotel/ });
}

describe('/accounting/supplier-invoices: Bills', () => {
  it('lists bills with number, supplier, requests, dates, amount, open, status, overdue and file', async () => {
    const { last } = setup();
    const table = await screen.findByRole('table', { name: 'Bills' });
    const row = (await within(table).findByRole('link', { name: 'RITZ-5521' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('The Ritz London');
    expect(row).toHaveTextContent('BSLF');
    expect(within(row).getByRole('link', { name: 'BSLF-2026-00042' })).toHaveAttribute(
      'href',
      '/requests/42',
    );
    expect(row).toHaveTextContent('01/03/2026');
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('2 036.00 EUR');
    expect(within(row).getByTestId('payment-status')).toHaveTextContent('Unpaid');
    expect(
      within(row).getByRole('button', { name: 'Download ritz-5521.pdf (PDF, 47 KB)' }),
    ).toBeInTheDocument();
    expect(last('GET /api/v1/supplier-invoices/')).toEqual({
      limit: '20',
      offset: '0',
      ordering: '-issue_date',
    });
  });

  it('filters bills by status, supplier and overdue, sorts by amount, all kept in the URL', async () => {
    const { user, router, last } = setup();
    await screen.findByRole('table', { name: 'Bills' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: /The Ritz London/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue' }));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() =>
      expect(last('GET /api/v1/supplier-invoices/')).toEqual({
        limit: '20',
        offset: '0',
        ordering: 'total',
        status: 'Unpaid',
        supplier: '5',
        overdue: 'true',
      }),
    );
    expect(router.state.location.search).toBe('?status=Unpaid&supplier=5&overdue=true&ordering=total');
  });

  it('shows the difference as it is typed and asks for an explanation past 1%, in the server’s words', async () => {
    const { user, callsTo } = setup();
    await openDialogWithSupplier(user);
    // another currency than the supplier's EUR cannot join
    expect(lineBox(/Line 21 · Hotel/)).toBeDisabled();
    expect(within(dialog()).getByText(/Costs GBP, not the bill's EUR/)).toBeInTheDocument();

    await user.click(lineBox(/Line 11 · Hotel/));
    await user.click(lineBox(/Line 12 · Transfer/));
    await user.type(
      within(dialog()).getByRole('textbox', { name: /Supplier's invoice number/ }),
      'RITZ-6000',
    );
    await user.type(within(dialog()).getByRole('textbox', { name: /^Amount/ }), '2036');
    const summary = within(dialog()).getByTestId('bill-difference');
    expect(summary).toHaveTextContent('2 000.00 EUR');
    expect(summary).toHaveTextContent('+36.00 EUR (+1.80%)');
    expect(summary).toHaveTextContent('More than 1%');

    // every refusal at once: the explanation (in the server's sentence) and the missing file
    await user.click(within(dialog()).getByRole('button', { name: 'Record bill' }));
    expect(
      await within(dialog()).findByText('Explain the difference of 1.8% (EUR 36.00) before saving', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
    expect(
      within(dialog()).getByText('Required field', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/v1/supplier-invoices/')).toHaveLength(0);

    // within 1%: no explanation needed
    await user.clear(within(dialog()).getByRole('textbox', { name: /^Amount/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: /^Amount/ }), '2019.99');
    expect(summary).toHaveTextContent('+19.99 EUR (+1.00%)');
    expect(summary).toHaveTextContent('Within 1%');
  });

  it('records a bill as multipart: the fields, the lines as JSON and the file', async () => {
    const { user, callsTo } = setup();
    await openDialogWithSupplier(user);
    await user.click(lineBox(/All lines of BSLF-2026-00042/));
    await user.type(
      within(dialog()).getByRole('textbox', { name: /Supplier's invoice number/ }),
      'RITZ-6000',
    );
    await user.type(within(dialog()).getByRole('textbox', { name: /^Amount/ }), '2100');
    await user.type(
      within(dialog()).getByRole('textbox', { name: /Explanation of the difference/ }),
      'City tax added by the hotel',
    );
    await user.upload(
      within(dialog()).getByLabelText("Supplier's invoice (file)"),
      pdf('Facture 12.pdf', 2048),
    );
    expect(within(dialog()).getByTestId('bill-file-name')).toHaveTextContent('Facture 12.pdf');
    expect(within(dialog()).getByText('2 KB')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Record bill' }));

    await waitFor(() => expect(callsTo('POST /api/v1/supplier-invoices/')).toHaveLength(1));
    const body = callsTo('POST /api/v1/supplier-invoices/')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const today = new Date().toISOString().slice(0, 10);
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      supplier: '5',
      number: 'RITZ-6000',
      issue_date: today,
      currency: 'EUR',
      amount: '2100',
      lines: '[11,12]',
      difference_explanation: 'City tax added by the hotel',
    });
    expect((body.get('file') as File).name).toBe('Facture 12.pdf');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New bill' })).not.toBeInTheDocument());
  });

  it('refuses a file of another type in the browser, and shows the server’s refusal of a rule', async () => {
    const { user, callsTo } = setup('/accounting/supplier-invoices', {
      'POST /api/v1/supplier-invoices/': () => ({
        status: 400,
        body: {
          errors: [
            { code: 'line_already_billed', detail: 'Line 11 of BSLF-2026-00042 is already on bill RITZ-1.' },
          ],
        },
      }),
    });
    await openDialogWithSupplier(user);
    await user.click(lineBox(/Line 11 · Hotel/));
    await user.type(within(dialog()).getByRole('textbox', { name: /Supplier's invoice number/ }), 'RITZ-7');
    await user.type(within(dialog()).getByRole('textbox', { name: /^Amount/ }), '1500');
    const input = within(dialog()).getByLabelText("Supplier's invoice (file)");
    // dropped: the picker's `accept` does not stand in the way
    fireEvent.drop(within(dialog()).getByTestId('bill-file-drop'), {
      dataTransfer: { files: [new File(['GIF89a'], 'scan.gif', { type: 'image/gif' })] },
    });
    expect(within(dialog()).getByTestId('bill-file-name')).toHaveTextContent('scan.gif');
    await user.click(within(dialog()).getByRole('button', { name: 'Record bill' }));
    expect(await within(dialog()).findByText('Upload a PDF, PNG, JPEG or WebP file')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/supplier-invoices/')).toHaveLength(0);

    await user.upload(input, pdf());
    await user.click(within(dialog()).getByRole('button', { name: 'Record bill' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Line 11 of BSLF-2026-00042 is already on bill RITZ-1.',
    );
  });

  it('opens from a request page with that request’s lines of its supplier chosen', async () => {
    const { user, router } = setup('/accounting/supplier-invoices?new=1&request=42');
    await screen.findByRole('dialog', { name: 'New bill' });
    // two suppliers have lines, but only one has confirmed ones
    await waitFor(() => expect(lineBox(/Line 11 · Hotel/)).toBeChecked());
    expect(lineBox(/Line 12 · Transfer/)).toBeChecked();
    expect(lineBox(/Line 21 · Hotel/)).not.toBeChecked();
    expect(within(dialog()).getByRole('combobox', { name: /Currency/ })).toHaveTextContent('EUR');
    expect(within(dialog()).getByTestId('bill-difference')).toHaveTextContent('2 000.00 EUR');
    // the supplier's terms come from the directory: the due date's default is said in full
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(
      await within(dialog()).findByText(
        `Empty: ${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)} (30 days' terms)`,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('recorded from a request page', () => {
  it('leads back to the request once the bill is recorded', async () => {
    const { user, router, callsTo } = setup('/accounting/supplier-invoices?new=1&request=42');
    await screen.findByRole('dialog', { name: 'New bill' });
    await waitFor(() => expect(lineBox(/Line 11 · Hotel/)).toBeChecked());
    await user.type(
      within(dialog()).getByRole('textbox', { name: /Supplier's invoice number/ }),
      'RITZ-6001',
    );
    await user.type(within(dialog()).getByRole('textbox', { name: /^Amount/ }), '2000');
    await user.upload(within(dialog()).getByLabelText("Supplier's invoice (file)"), pdf());
    await user.click(within(dialog()).getByRole('button', { name: 'Record bill' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/42'));
    const [recorded] = callsTo('POST /api/v1/supplier-invoices/');
    expect((recorded?.body as FormData | undefined)?.get('lines')).toBe('[11,12]');
  });
});

describe('/accounting/supplier-invoices?tab=vouchers', () => {
  it('lists vouchers due this week with their totals by supplier and currency', async () => {
    const { last } = setup('/accounting/supplier-invoices?tab=vouchers');
    const table = await screen.findByRole('table', { name: 'Payment vouchers' });
    await within(table).findAllByText('Final payment');
    expect(screen.getByRole('tab', { name: 'Payment vouchers' })).toHaveAttribute('aria-selected', 'true');
    expect(last('GET /api/v1/payment-vouchers/')).toEqual({
      limit: '20',
      offset: '0',
      ordering: 'due_date',
      group: 'supplier',
      due: 'this_week',
    });
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent('02/03/2026');
    expect(first).toHaveTextContent('Overdue');
    expect(first).toHaveTextContent('Prepayment');
    expect(first).toHaveTextContent('The Ritz London');
    expect(first).toHaveTextContent('BSLF-2026-00042');
    expect(first).toHaveTextContent('1 000.00 EUR');
    expect(within(first).getByTestId('voucher-status')).toHaveTextContent('Inactive');

    const groups = screen.getByTestId('voucher-groups');
    expect(groups).toHaveTextContent('The Ritz London');
    expect(groups).toHaveTextContent('3 000.00 EUR');
    expect(groups).toHaveTextContent('250.50 GBP');
  });

  it('filters overdue, by status and from a supplier group, keeping the tab and the filters in the URL', async () => {
    const { user, last, router } = setup('/accounting/supplier-invoices?tab=vouchers');
    await screen.findByRole('table', { name: 'Payment vouchers' });
    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() => expect(last('GET /api/v1/payment-vouchers/').overdue).toBe('true'));
    expect(last('GET /api/v1/payment-vouchers/').due).toBeUndefined();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Show the vouchers of Air Charter Ltd in GBP' }));
    await waitFor(() =>
      expect(last('GET /api/v1/payment-vouchers/')).toMatchObject({
        overdue: 'true',
        status: 'Active',
        supplier: '6',
        currency: 'GBP',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('vouchers');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=vouchers'));
  });

  it('approves the selected vouchers in bulk after a confirmation, all in one call', async () => {
    const { user, callsTo } = setup('/accounting/supplier-invoices?tab=vouchers');
    const table = await screen.findByRole('table', { name: 'Payment vouchers' });
    await within(table).findAllByText('Final payment');
    await user.click(within(table).getByRole('checkbox', { name: 'Select all vouchers on this page' }));
    // the Paid one is not selectable
    const paid = within(table).getByRole('checkbox', { name: /Select the Prepayment of 04\/03\/2026/ });
    expect(paid).toBeDisabled();
    expect(paid).not.toBeChecked();
    const bar = screen.getByRole('group', { name: 'Selected vouchers' });
    expect(bar).toHaveTextContent('3 selected');
    await user.click(within(bar).getByRole('button', { name: 'Approve 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve for payment?' });
    expect(confirm).toHaveTextContent('2 vouchers (1 000.00 EUR and 250.50 GBP) become Active');
    expect(callsTo('POST /api/v1/payment-vouchers/approve/')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Approve 2 vouchers' }));
    await waitFor(() => expect(callsTo('POST /api/v1/payment-vouchers/approve/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/payment-vouchers/approve/')[0]?.body).toEqual({
      ids: [1, 2],
      status: 'Active',
    });
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Selected vouchers' })).not.toBeInTheDocument(),
    );
  });

  it('revokes one voucher from its row with its version', async () => {
    const { user, callsTo } = setup('/accounting/supplier-invoices?tab=vouchers');
    await user.click(await screen.findByRole('button', { name: /Revoke the Prepayment of 03\/03\/2026/ }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/payment-vouchers/3/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/payment-vouchers/3/')[0]?.body).toEqual({ status: 'Inactive', version: 1 });
  });
});

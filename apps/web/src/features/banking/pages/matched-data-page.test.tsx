import type { Allocation, AllocationBody, Suggestion } from '@app/shared/banking/allocations.schemas';
import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Dec } from '@app/shared/rates/rate-math';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, fakeApi, json, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import {
  AED_SUGGESTION,
  allocationOf,
  CREDIT_RECEIPT,
  GBP_RECEIPT,
  GBP_SUGGESTION,
  OTHER_SUGGESTION,
  previewOf,
  SUPPLIER_PAYMENT,
  USD_RECEIPT,
} from '../components/matching/matching-fixtures.ts';
import { MatchedDataPage } from './matched-data-page.tsx';

const toasts = () =>
  toastStore.getSnapshot().map((t) => `${t.title ?? ''}: ${t.message.replace(/\u00a0/g, ' ')}`);
const money = (value: Dec) => value.toFixed(2);

interface WorldOptions {
  suggestions?: Record<number, Suggestion[]>;
  allocations?: Allocation[];
  preview?: (body: AllocationBody) => ApiAnswer;
  /** Answers `POST allocations/` instead of the world storing it. */
  refuse?: (body: AllocationBody) => ApiAnswer | undefined;
  extra?: Record<string, (call: ApiCall) => ApiAnswer>;
}

/**
 * A small server: bank lines whose open amount follows what is allocated and unmatched, the
 * suggestions per line, and the allocations stored by POST and removed by DELETE.
 */
function world(lines: Transaction[], options: WorldOptions = {}) {
  const store = new Map(lines.map((line) => [line.id, { ...line }]));
  let allocations = [...(options.allocations ?? [])];
  const suggestions = options.suggestions ?? {};
  const move = (id: number, delta: Dec) => {
    const line = store.get(id)!;
    const allocated = new Dec(line.allocated_amount).plus(delta);
    const open = new Dec(line.amount).minus(allocated);
    store.set(id, {
      ...line,
      allocated_amount: money(allocated),
      open_amount: money(open),
      match_status: open.isZero() ? 'matched' : 'unmatched',
    });
  };
  const page = <T,>(data: T[]) =>
    json(200, { data, meta: { total: data.length, limit: 50, offset: 0, total_estimated: false } });

  const api = fakeApi(
    options.extra ?? {},
    {
      'GET /api/v1/transactions/': (call) => {
        const status = queryOf(call).get('match_status');
        return page([...store.values()].filter((l) => !status || l.match_status === status));
      },
      'GET /api/v1/allocations/': (call) => {
        const id = Number(queryOf(call).get('transaction'));
        return page(allocations.filter((a) => a.transaction.id === id));
      },
      'POST /api/v1/allocations/preview/': (call) =>
        options.preview?.(call.body as AllocationBody) ?? json(200, { data: previewOf() }),
      'POST /api/v1/allocations/': (call) => {
        const body = call.body as AllocationBody;
        const refused = options.refuse?.(body);
        if (refused) return refused;
        const line = store.get(body.transaction)!;
        const s = Object.values(suggestions)
          .flat()
          .find((x) => x.id === body.invoice)!;
        const allocation = allocationOf(line, s, body.amount, {
          document_amount: body.invoice_amount ?? body.amount,
        });
        allocations = [...allocations, allocation];
        move(line.id, new Dec(body.amount));
        return json(201, { data: allocation });
      },
    },
    (call) => {
      const detail = /^\/api\/v1\/transactions\/(\d+)\/(suggestions\/)?$/.exec(call.url.split('?')[0] ?? '');
      if (call.method === 'GET' && detail) {
        const id = Number(detail[1]);
        if (detail[2]) return json(200, { data: suggestions[id] ?? [] });
        const line = store.get(id);
        return line ? json(200, { data: line }) : json(404, { errors: { detail: 'Not found' } });
      }
      const removal = /^\/api\/v1\/allocations\/(\d+)\/$/.exec(call.url);
      if (call.method === 'DELETE' && removal) {
        const gone = allocations.find((a) => a.id === Number(removal[1]))!;
        allocations = allocations.filter((a) => a !== gone);
        move(gone.transaction.id, new Dec(gone.amount).negated());
        return json(204, null);
      }
      return undefined;
    },
  );
  return { ...api, line: (id: number) => store.get(id)! };
}

function open(url = '/accounting/matched-data') {
  return renderPage(<MatchedDataPage />, {
    path: '/accounting/matched-data',
    url,
    user: { role: 'Accountant' },
  });
}

const list = () => screen.getByRole('table', { name: 'Bank lines' });
const rowOf = (id: number) => list().querySelector<HTMLElement>(`tr[data-transaction-id="${id}"]`)!;
const selectedLine = () => screen.getByRole('region', { name: 'Selected bank line' });
const figure = (label: string) => within(selectedLine()).getByTestId(`figure-${label}`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('/accounting/matched-data', () => {
  it('lists the unmatched lines, selects from the URL, and shows the chosen line’s suggestions with their reasons', async () => {
    const { callsTo, user } = {
      ...world([USD_RECEIPT, GBP_RECEIPT], {
        suggestions: { 41: [AED_SUGGESTION, OTHER_SUGGESTION], 42: [GBP_SUGGESTION] },
      }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    expect(await within(list()).findByText('PAYMENT BSLF-INV-2026-0007 BELOVA')).toBeInTheDocument();
    expect(queryOf(callsTo('GET /api/v1/transactions/')[0]).get('match_status')).toBe('unmatched');
    expect(rowOf(42)).toHaveAttribute('data-selected', 'true');
    expect(rowOf(41)).not.toHaveAttribute('data-selected');
    // each row: date, bank, counterparty, reference, amount and open amount, in its currency
    for (const text of ['12/03/2026', 'Emirates NBD USD', 'Irina Belova', '1 000.00 USD']) {
      expect(rowOf(41)).toHaveTextContent(text);
    }

    const suggested = await screen.findByRole('table', { name: 'Suggested documents' });
    expect(suggested).toHaveTextContent('TPRO-INV-2026-0011');
    expect(suggested).toHaveTextContent('Number in the bank text · Same counterparty');
    expect(figure('Open')).toHaveTextContent('1 000.00 GBP');

    await user.click(within(rowOf(41)).getByText('PAYMENT BSLF-INV-2026-0007 BELOVA'));
    await waitFor(() => expect(rowOf(41)).toHaveAttribute('data-selected', 'true'));
    const next = await screen.findByRole('table', { name: 'Suggested documents' });
    await waitFor(() => expect(next).toHaveTextContent('BSLF-INV-2026-0007'));
    const rows = within(next).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Number in the bank text · Amount matches');
    expect(rows[0]).toHaveTextContent('Strong match');
    expect(rows[0]).toHaveTextContent('1 836.25 AED');
    expect(rows[1]).toHaveTextContent('Same counterparty');
    expect(rows[1]).toHaveTextContent('Possible match');
  });

  it('moves the selection with Up and Down, kept in the URL', async () => {
    world([USD_RECEIPT, GBP_RECEIPT, SUPPLIER_PAYMENT]);
    const { user, router } = open();
    await within(list()).findByText('PAYMENT BSLF-INV-2026-0007 BELOVA');
    // nothing in the URL: the first line is selected, so Enter works at once
    await waitFor(() => expect(rowOf(41)).toHaveAttribute('data-selected', 'true'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(rowOf(42)).toHaveAttribute('data-selected', 'true'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(rowOf(44)).toHaveAttribute('data-selected', 'true'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(rowOf(42)).toHaveAttribute('data-selected', 'true'));
    expect(router.state.location.search).toBe('?transaction=42');
    expect(await screen.findByRole('heading', { name: '10/03/2026 · Barclays GBP' })).toBeInTheDocument();
  });

  it('allocates across currencies: both amounts and their rate, the preview’s FX gain before posting, then posts and refreshes', async () => {
    const { callsTo, user } = {
      ...world([USD_RECEIPT], { suggestions: { 41: [AED_SUGGESTION] } }),
      ...open('/accounting/matched-data?transaction=41'),
    };
    await user.click(await screen.findByRole('button', { name: 'Allocate: BSLF-INV-2026-0007' }));
    const panel = screen.getByRole('form', { name: 'Allocation' });
    expect(within(panel).getByRole('textbox', { name: /^Amount in USD/ })).toHaveValue('500.00');
    expect(within(panel).getByRole('textbox', { name: /^Amount in AED/ })).toHaveValue('1 836.25');
    expect(within(panel).getByTestId('implied-rate')).toHaveTextContent('Rate 1 USD = 3.672500 AED');

    const preview = await within(panel).findByRole('region', { name: 'Preview' });
    expect(callsTo('POST /api/v1/allocations/preview/').at(-1)?.body).toEqual({
      transaction: 41,
      invoice: 9,
      amount: '500.00',
      invoice_amount: '1836.25',
    });
    expect(preview).toHaveTextContent('395.20 GBP');
    expect(preview).toHaveTextContent('382.80 GBP');
    const fx = within(preview).getByTestId('fx-difference');
    expect(fx).toHaveTextContent('+12.40 GBP gain');
    expect(fx.getAttribute('style') ?? fx.className).toMatch(/green/);
    expect(preview).toHaveTextContent('This pays the invoice in full');

    await user.click(within(panel).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(callsTo('POST /api/v1/allocations/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/allocations/')[0]?.body).toEqual({
      transaction: 41,
      invoice: 9,
      amount: '500.00',
      invoice_amount: '1836.25',
    });
    await waitFor(() => expect(toasts()).toContain('Allocated: 500.00 USD allocated to BSLF-INV-2026-0007'));
    expect(screen.queryByRole('form', { name: 'Allocation' })).not.toBeInTheDocument();
    // the line, its allocations and the suggestions are asked again
    await waitFor(() => expect(figure('Open')).toHaveTextContent('500.00 USD'));
    expect(await screen.findByRole('table', { name: 'Allocations of this bank line' })).toHaveTextContent(
      'BSLF-INV-2026-0007',
    );
    expect(callsTo('GET /api/v1/transactions/41/suggestions/').length).toBeGreaterThan(1);
  });

  it('shows a loss in red with its minus sign', async () => {
    const { user } = {
      ...world([USD_RECEIPT], {
        suggestions: { 41: [AED_SUGGESTION] },
        preview: () => json(200, { data: previewOf({ fx_difference: '-3.10', settles_document: false }) }),
      }),
      ...open('/accounting/matched-data?transaction=41'),
    };
    await user.click(await screen.findByRole('button', { name: 'Allocate: BSLF-INV-2026-0007' }));
    const fx = await screen.findByTestId('fx-difference');
    expect(fx).toHaveTextContent('−3.10 GBP loss');
    expect(fx.getAttribute('style') ?? fx.className).toMatch(/red/);
    expect(screen.queryByTestId('settles-document')).not.toBeInTheDocument();
  });

  it('posts a part with Enter: the line stays selected with the rest open, ready for the next document', async () => {
    const { callsTo, user, router } = {
      ...world([GBP_RECEIPT, USD_RECEIPT], { suggestions: { 42: [GBP_SUGGESTION] } }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    await screen.findByRole('table', { name: 'Suggested documents' });
    // Enter takes the best suggestion...
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('form', { name: 'Allocation' });
    const amount = within(panel).getByRole('textbox', { name: /^Amount in GBP/ });
    expect(amount).toHaveValue('600.00');
    expect(within(panel).queryByRole('textbox', { name: /^Amount in AED/ })).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250');
    await waitFor(() =>
      expect(callsTo('POST /api/v1/allocations/preview/').at(-1)?.body).toEqual({
        transaction: 42,
        invoice: 11,
        amount: '250.00',
      }),
    );
    // ... and Enter again posts it
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('POST /api/v1/allocations/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/allocations/')[0]?.body).toEqual({
      transaction: 42,
      invoice: 11,
      amount: '250.00',
    });

    await waitFor(() => expect(figure('Open')).toHaveTextContent('750.00 GBP'));
    expect(figure('Allocated')).toHaveTextContent('250.00 GBP');
    expect(router.state.location.search).toBe('?transaction=42');
    expect(rowOf(42)).toHaveAttribute('data-selected', 'true');
    expect(rowOf(42)).toHaveTextContent('750.00 GBP');
    // the rest can go to another document at once
    expect(screen.getByRole('table', { name: 'Suggested documents' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Open client invoice' })).toBeInTheDocument();
  });

  it('Enter on the row just clicked opens its best suggestion', async () => {
    const { user } = {
      ...world([USD_RECEIPT, GBP_RECEIPT], { suggestions: { 41: [AED_SUGGESTION], 42: [GBP_SUGGESTION] } }),
      ...open('/accounting/matched-data?transaction=41'),
    };
    await within(list()).findByText('PETROV TPRO-INV-2026-0011');
    await user.click(rowOf(42));
    await waitFor(() => expect(rowOf(42)).toHaveAttribute('data-selected', 'true'));
    await screen.findByRole('button', { name: 'Allocate: TPRO-INV-2026-0011' });
    expect(rowOf(42)).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('form', { name: 'Allocation' });
    expect(panel).toHaveTextContent('Allocate to TPRO-INV-2026-0011');
  });

  it('Esc cancels the allocation without posting', async () => {
    const { callsTo, user } = {
      ...world([GBP_RECEIPT], { suggestions: { 42: [GBP_SUGGESTION] } }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    await user.click(await screen.findByRole('button', { name: 'Allocate: TPRO-INV-2026-0011' }));
    await screen.findByRole('form', { name: 'Allocation' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Allocation' })).not.toBeInTheDocument());
    expect(callsTo('POST /api/v1/allocations/')).toHaveLength(0);
  });

  it('moves on to the next line once one is fully matched', async () => {
    const { user, router } = {
      ...world([GBP_RECEIPT, USD_RECEIPT], {
        suggestions: {
          42: [{ ...GBP_SUGGESTION, open_amount: '1000.00', amount: '1000.00', invoice_amount: '1000.00' }],
        },
        preview: () =>
          json(200, {
            data: previewOf({ currency: 'GBP', document_currency: 'GBP', transaction_open_after: '0.00' }),
          }),
      }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    await user.click(await screen.findByRole('button', { name: 'Allocate: TPRO-INV-2026-0011' }));
    await user.click(
      within(screen.getByRole('form', { name: 'Allocation' })).getByRole('button', { name: 'Allocate' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?transaction=41'));
    await waitFor(() => expect(list().querySelector('tr[data-transaction-id="42"]')).toBeNull());
  });

  it('unmatches after a confirmation: the allocation is deleted and both sides are open again', async () => {
    const line = { ...GBP_RECEIPT, allocated_amount: '600.00', open_amount: '400.00' };
    const { callsTo, user } = {
      ...world([line], {
        suggestions: { 42: [GBP_SUGGESTION] },
        allocations: [allocationOf(line, GBP_SUGGESTION, '600.00')],
      }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    const allocated = await screen.findByRole('table', { name: 'Allocations of this bank line' });
    expect(allocated).toHaveTextContent('600.00 GBP');
    await waitFor(() => expect(figure('Open')).toHaveTextContent('400.00 GBP'));
    await user.click(within(allocated).getByRole('button', { name: 'Unmatch TPRO-INV-2026-0011' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch TPRO-INV-2026-0011?' });
    expect(dialog).toHaveTextContent('600.00 GBP goes back to open on this bank line');
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/allocations/311/')).toHaveLength(1));
    await waitFor(() => expect(figure('Open')).toHaveTextContent('1 000.00 GBP'));
    expect(screen.queryByRole('table', { name: 'Allocations of this bank line' })).not.toBeInTheDocument();
    expect(toasts()).toContain('Unmatched: 600.00 GBP of TPRO-INV-2026-0011 is open again');
  });

  it('shows the server’s over-allocation sentence: in the preview while typing, toasted when posting', async () => {
    const sentence = 'Allocation of GBP 1,200.00 exceeds the open GBP 1,000.00 of bank line 42';
    const refusal = () => json(400, { errors: [{ code: 'over_allocation', detail: sentence }] });
    const { callsTo, user } = {
      ...world([GBP_RECEIPT], {
        suggestions: { 42: [GBP_SUGGESTION] },
        preview: (body) => (body.amount === '1200.00' ? refusal() : json(200, { data: previewOf() })),
        refuse: refusal,
      }),
      ...open('/accounting/matched-data?transaction=42'),
    };
    await user.click(await screen.findByRole('button', { name: 'Allocate: TPRO-INV-2026-0011' }));
    const panel = screen.getByRole('form', { name: 'Allocation' });
    const amount = within(panel).getByRole('textbox', { name: /^Amount in GBP/ });
    await user.clear(amount);
    await user.type(amount, '1200');
    const shown = await within(panel).findByTestId('preview-refusal');
    expect(shown).toHaveTextContent('Over allocation');
    expect(shown).toHaveTextContent(sentence);
    // the preview is quiet: no toast while typing
    expect(toasts()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(toasts()).toContain(`Over allocation: ${sentence}`));
    expect(callsTo('POST /api/v1/allocations/')).toHaveLength(1);
    // nothing moved: the panel stays open with the amount to correct
    expect(screen.getByRole('form', { name: 'Allocation' })).toBeInTheDocument();
    expect(figure('Open')).toHaveTextContent('1 000.00 GBP');
  });

  it('labels a credit line as the client’s balance, and its allocation as paying from it', async () => {
    const { user } = {
      ...world([CREDIT_RECEIPT], {
        suggestions: { 43: [{ ...GBP_SUGGESTION, amount: '300.00', invoice_amount: '300.00' }] },
      }),
      ...open('/accounting/matched-data?transaction=43'),
    };
    expect(await screen.findByTestId('credit-badge')).toHaveTextContent('Credit — client balance');
    await user.click(
      await screen.findByRole('button', { name: 'Pay from balance (Deposit): TPRO-INV-2026-0011' }),
    );
    const panel = screen.getByRole('form', { name: 'Allocation' });
    expect(panel).toHaveTextContent('Pay TPRO-INV-2026-0011 from balance (Deposit)');
    expect(within(panel).getByRole('button', { name: 'Pay from balance (Deposit)' })).toBeInTheDocument();
  });

  it('says so when the suggestions fail, and keeps the search', async () => {
    world([SUPPLIER_PAYMENT], {
      extra: { 'GET /api/v1/transactions/44/suggestions/': () => json(500, { errors: { detail: 'boom' } }) },
    });
    open('/accounting/matched-data?transaction=44');
    expect(await screen.findByText(/The suggestions could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Open bill or voucher' })).toBeInTheDocument();
  });

  it('finds open bills and vouchers for money out when the suggestion is not there', async () => {
    const bill = {
      id: 3,
      number: 'FS-2026-118',
      supplier: { id: 12, name: 'Four Seasons Park Lane' },
      currency: 'GBP',
      amount: '900.00',
      open_amount: '900.00',
      due_date: '2026-03-20',
    };
    const voucher = {
      id: 21,
      type: 'Deposit',
      due_date: '2026-03-18',
      amount: '750.00',
      currency: 'GBP',
      settled_amount: '0.00',
      status: 'Active',
      supplier: { id: 12, name: 'Four Seasons Park Lane' },
      request: { id: 42, number: 'TPRO-2026-00042' },
    };
    const { callsTo, user } = {
      ...world([SUPPLIER_PAYMENT], {
        extra: {
          'GET /api/v1/supplier-invoices/': () =>
            json(200, { data: [bill], meta: { total: 1, limit: 10, offset: 0 } }),
          'GET /api/v1/payment-vouchers/': () =>
            json(200, {
              data: [
                voucher,
                { ...voucher, id: 22, status: 'Paid', request: { id: 43, number: 'TPRO-2026-00043' } },
              ],
              meta: { total: 2, limit: 50, offset: 0 },
            }),
        },
      }),
      ...open('/accounting/matched-data?transaction=44'),
    };
    expect(await screen.findByText('Nothing suggested: find the document below.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Open bill or voucher' }), '0042');
    const found = await screen.findByRole('table', { name: 'Found documents' });
    await waitFor(() => expect(found).toHaveTextContent('Deposit of 18/03/2026 · TPRO-2026-00042'));
    expect(found).not.toHaveTextContent('TPRO-2026-00043');
    expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/supplier-invoices/')[0]))).toMatchObject({
      search: '0042',
      company: '1',
      status: 'Unpaid',
    });
    expect(queryOf(callsTo('GET /api/v1/payment-vouchers/')[0]).get('supplier')).toBe('12');
    expect(callsTo('GET /api/v1/client-invoices/')).toHaveLength(0);

    await user.click(
      within(found).getByRole('button', { name: 'Allocate: Deposit of 18/03/2026 · TPRO-2026-00042' }),
    );
    const panel = screen.getByRole('form', { name: 'Allocation' });
    expect(within(panel).getByRole('textbox', { name: /^Amount in GBP/ })).toHaveValue('750.00');
    await waitFor(() =>
      expect(callsTo('POST /api/v1/allocations/preview/').at(-1)?.body).toEqual({
        transaction: 44,
        voucher: 21,
        amount: '750.00',
      }),
    );
  });
});

import type { Allocation, AllocationPreview, Suggestion } from '@app/shared/banking/allocations.schemas';
import type { Transaction } from '@app/shared/banking/transactions.schemas';

/** Bank lines, suggestions and allocations as the API answers them, for the matching tests. */

const DUBAI = { id: 2, code: 'BSLF', name: 'Bespoke Lifestyle FZ' };
const LONDON = { id: 1, code: 'TPRO', name: 'Travel Pro Ltd' };

export const USD_RECEIPT: Transaction = {
  id: 41,
  bank: { id: 7, named: 'Emirates NBD USD', currency: 'USD', company: DUBAI },
  type: 'RECEIVE',
  way: 'pay',
  date: '2026-03-12',
  amount: '1000.00',
  currency: 'USD',
  counterparty: { kind: 'client', id: 5, name: 'Irina Belova' },
  reference: 'PAYMENT BSLF-INV-2026-0007 BELOVA',
  card: null,
  pair: null,
  rate: null,
  import_id: null,
  allocated_amount: '0.00',
  open_amount: '1000.00',
  match_status: 'unmatched',
  is_credit: false,
  created_by: null,
  created_at: '2026-03-12T09:00:00Z',
  updated_at: '2026-03-12T09:00:00Z',
  version: 1,
};

export const GBP_RECEIPT: Transaction = {
  ...USD_RECEIPT,
  id: 42,
  bank: { id: 3, named: 'Barclays GBP', currency: 'GBP', company: LONDON },
  date: '2026-03-10',
  amount: '1000.00',
  currency: 'GBP',
  counterparty: { kind: 'client', id: 8, name: 'Oleg Petrov' },
  reference: 'PETROV TPRO-INV-2026-0011',
  open_amount: '1000.00',
};

export const CREDIT_RECEIPT: Transaction = {
  ...GBP_RECEIPT,
  id: 43,
  type: 'RECEIVE-OVERPAYMENT',
  way: 'top_up',
  amount: '300.00',
  open_amount: '300.00',
  reference: 'PETROV DEPOSIT',
  is_credit: true,
};

export const SUPPLIER_PAYMENT: Transaction = {
  ...GBP_RECEIPT,
  id: 44,
  type: 'SPEND',
  counterparty: { kind: 'supplier', id: 12, name: 'Four Seasons Park Lane' },
  reference: 'FS PARK LANE 0042',
  amount: '750.00',
  open_amount: '750.00',
};

/** An AED invoice for the USD receipt: 500 USD settle 1,836.25 AED at the day's rate. */
export const AED_SUGGESTION: Suggestion = {
  kind: 'invoice',
  id: 9,
  number: 'BSLF-INV-2026-0007',
  counterparty: { id: 5, name: 'Irina Belova' },
  currency: 'AED',
  total: '1836.25',
  open_amount: '1836.25',
  issue_date: '2026-03-01',
  due_date: '2026-03-15',
  score: 80,
  reasons: ['reference', 'amount_exact'],
  reason: 'Number in the bank text · Amount matches',
  amount: '500.00',
  invoice_amount: '1836.25',
};

export const OTHER_SUGGESTION: Suggestion = {
  ...AED_SUGGESTION,
  id: 10,
  number: 'BSLF-INV-2026-0009',
  total: '4000.00',
  open_amount: '4000.00',
  score: 15,
  reasons: ['counterparty'],
  reason: 'Same counterparty',
  amount: '1000.00',
  invoice_amount: '3672.50',
};

export const GBP_SUGGESTION: Suggestion = {
  ...AED_SUGGESTION,
  id: 11,
  number: 'TPRO-INV-2026-0011',
  counterparty: { id: 8, name: 'Oleg Petrov' },
  currency: 'GBP',
  total: '600.00',
  open_amount: '600.00',
  score: 65,
  reasons: ['reference', 'counterparty'],
  reason: 'Number in the bank text · Same counterparty',
  amount: '600.00',
  invoice_amount: '600.00',
};

export function previewOf(patch: Partial<AllocationPreview> = {}): AllocationPreview {
  return {
    amount: '500.00',
    currency: 'USD',
    document_amount: '1836.25',
    document_currency: 'AED',
    rate: '3.672500',
    base_currency: 'GBP',
    base_amount: '395.20',
    document_base_amount: '382.80',
    fx_difference: '12.40',
    from_credit: false,
    transaction_open_after: '500.00',
    document_open_after: '0.00',
    settles_document: true,
    ...patch,
  };
}

/** What `POST allocations/` stores for a bank line and a suggestion. */
export function allocationOf(
  t: Transaction,
  s: Suggestion,
  amount: string,
  patch: Partial<Allocation> = {},
): Allocation {
  return {
    id: 300 + s.id,
    transaction: {
      id: t.id,
      type: t.type,
      date: t.date,
      amount: t.amount,
      currency: t.currency,
      bank: t.bank.named,
      reference: t.reference,
    },
    document: {
      kind: 'invoice',
      id: s.id,
      number: s.number,
      currency: s.currency,
      counterparty: s.counterparty,
    },
    bill: null,
    amount,
    currency: t.currency,
    document_amount: s.currency === t.currency ? amount : s.invoice_amount,
    document_currency: s.currency,
    rate: '1.000000',
    base_currency: 'GBP',
    base_amount: amount,
    document_base_amount: amount,
    fx_difference: '0.00',
    from_credit: t.is_credit,
    date: t.date,
    created_by: { id: 2, name: 'Arthur Accountant' },
    created_at: '2026-03-12T10:00:00Z',
    ...patch,
  };
}

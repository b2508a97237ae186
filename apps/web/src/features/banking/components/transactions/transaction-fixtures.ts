import type { Transaction } from '@app/shared/banking/transactions.schemas';

/** Bank lines as the API answers them, for the web tests. */
export const RECEIPT: Transaction = {
  id: 41,
  bank: {
    id: 3,
    named: 'Barclays GBP (…4821)',
    currency: 'GBP',
    company: { id: 1, code: 'TPRO', name: 'Travel Pro Ltd' },
  },
  type: 'RECEIVE',
  way: 'pay',
  date: '2026-03-12',
  amount: '1250.30',
  currency: 'GBP',
  counterparty: { kind: 'client', id: 7, name: 'Irina Belova' },
  reference: 'PAYMENT TPRO-INV-2026-0007 THANK YOU IRINA BELOVA LONDON REF 88812',
  card: null,
  pair: null,
  rate: null,
  import_id: null,
  allocated_amount: '0.00',
  open_amount: '1250.30',
  match_status: 'unmatched',
  is_credit: false,
  created_by: { id: 2, name: 'Anna Accountant' },
  created_at: '2026-03-12T10:00:00Z',
  updated_at: '2026-03-12T10:00:00Z',
  version: 1,
};

export const PAYMENT: Transaction = {
  ...RECEIPT,
  id: 42,
  type: 'SPEND',
  date: '2026-03-13',
  amount: '480.00',
  counterparty: { kind: 'supplier', id: 12, name: 'Hotel Savoy' },
  reference: 'Savoy booking 2291',
  card: { id: 5, label: 'Visa •••• 4242' },
  allocated_amount: '480.00',
  open_amount: '0.00',
  match_status: 'matched',
  version: 3,
};

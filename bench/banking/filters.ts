/** The calls of the banking bench: suggestions for kinds of lines, the list with each filter, the workspace. */
export interface BankingSample {
  transactions: number;
  allocations: number;
  matched: number;
  invoices: number;
  today: string;
  companies: number[];
  banks: number[];
  clients: Array<{ id: number; last_name: string }>;
  /** Invoice numbers in the text of unmatched lines, as typed into the search. */
  numbers: string[];
  /** Amounts of unmatched lines (`1234.56`). */
  amounts: string[];
  /** Unmatched lines to ask suggestions for, by what they offer to match on. */
  suggest: Record<SuggestionKind, number[]>;
  /** The account a statement is imported into, and open invoices its receipts name. */
  importBank: number;
  openInvoices: Array<{ number: string; name: string; open: string }>;
}

export const SUGGESTION_KINDS = {
  numberAndClient: 'receipt: number in the text, client known',
  numberOnly: 'receipt: number in the text, no payer',
  clientOnly: 'deposit: client known, request number',
  amountOnly: 'receipt: amount only (no number, no payer)',
  billPayment: 'payment: bill number, supplier known',
} as const;
export type SuggestionKind = keyof typeof SUGGESTION_KINDS;

export interface ListFilter {
  name: string;
  /** The query string of `GET transactions/` for the run-th call. */
  query: (s: BankingSample, run: number) => Record<string, string>;
}

const pick = <T>(list: T[], run: number): T => list[run % list.length]!;

/** `today` ± days as a UTC date. */
export function shiftDay(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A month of the two years, moving back a fortnight per run. */
const month = (s: BankingSample, run: number) => ({
  date_from: shiftDay(s.today, -30 - (run % 24) * 14),
  date_to: shiftDay(s.today, -(run % 24) * 14),
});

const TYPES = [
  'RECEIVE',
  'SPEND',
  'RECEIVE-OVERPAYMENT',
  'RECEIVE-PREPAYMENT',
  'SPEND-PREPAYMENT',
  'SPEND-TRANSFER',
];

export const LIST_FILTERS: ListFilter[] = [
  { name: 'no filter, newest first', query: () => ({}) },
  { name: 'unmatched', query: () => ({ match_status: 'unmatched' }) },
  { name: 'matched', query: () => ({ match_status: 'matched' }) },
  { name: 'bank', query: (s, run) => ({ bank: String(pick(s.banks, run)) }) },
  { name: 'company', query: (s, run) => ({ company: String(pick(s.companies, run)) }) },
  { name: 'date range (a month)', query: month },
  { name: 'type', query: (_s, run) => ({ type: pick(TYPES, run) }) },
  { name: 'credit (deposits)', query: () => ({ credit: 'true' }) },
  {
    name: 'client',
    query: (s, run) => ({ counterparty_kind: 'client', counterparty: String(pick(s.clients, run).id) }),
  },
  { name: 'search: invoice number', query: (s, run) => ({ search: pick(s.numbers, run) }) },
  { name: 'search: client name', query: (s, run) => ({ search: pick(s.clients, run).last_name }) },
  { name: 'search: amount', query: (s, run) => ({ search: pick(s.amounts, run) }) },
  {
    name: 'bank + unmatched + a month',
    query: (s, run) => ({ bank: String(pick(s.banks, run)), match_status: 'unmatched', ...month(s, run) }),
  },
  {
    name: 'unmatched + search: client name',
    query: (s, run) => ({ match_status: 'unmatched', search: pick(s.clients, run).last_name }),
  },
  { name: 'unmatched, oldest first', query: () => ({ match_status: 'unmatched', ordering: 'date' }) },
  { name: 'largest first', query: () => ({ ordering: '-amount' }) },
  { name: 'unmatched, largest first', query: () => ({ match_status: 'unmatched', ordering: '-amount' }) },
  {
    name: 'bank, largest first',
    query: (s, run) => ({ bank: String(pick(s.banks, run)), ordering: '-amount' }),
  },
  { name: 'type, largest first', query: (_s, run) => ({ type: pick(TYPES, run), ordering: '-amount' }) },
  {
    name: 'bank + unmatched, largest first',
    query: (s, run) => ({ bank: String(pick(s.banks, run)), match_status: 'unmatched', ordering: '-amount' }),
  },
  { name: 'unmatched, page 50', query: () => ({ match_status: 'unmatched', offset: '980' }) },
];

export function toQueryString(query: Record<string, string>): string {
  return new URLSearchParams(query).toString();
}

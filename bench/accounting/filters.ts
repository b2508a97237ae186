/** The calls of the accounting bench: Invoices & Bills with one filter each, a few combined, the totals. */
export interface AccountingSample {
  invoices: number;
  bills: number;
  register: number;
  today: string;
  companies: number[];
  clients: Array<{ id: number; last_name: string }>;
  suppliers: Array<{ id: number; name: string }>;
  invoiceNumbers: string[];
  billNumbers: string[];
  requestNumbers: string[];
  /** Requests of 20 Confirmed lines for the issuing scenario, one per call. */
  pool: Array<{ request: number; lines: number[] }>;
}

export interface ListFilter {
  name: string;
  /** The query string of `GET invoices-and-bills/` (or its totals) for the run-th call. */
  query: (s: AccountingSample, run: number) => Record<string, string>;
}

const pick = <T>(list: T[], run: number): T => list[run % list.length]!;

/** `today` ± days as a UTC date. */
export function shiftDay(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const STATUSES = ['Sent', 'Not sent', 'Unpaid', 'Partial', 'Paid'];

export const REGISTER_FILTERS: ListFilter[] = [
  { name: 'no filter, newest first', query: () => ({}) },
  { name: 'kind', query: (_s, run) => ({ kind: pick(['invoice', 'credit_note', 'bill'], run) }) },
  { name: 'status', query: (_s, run) => ({ status: pick(STATUSES, run) }) },
  { name: 'company', query: (s, run) => ({ company: String(pick(s.companies, run)) }) },
  { name: 'client', query: (s, run) => ({ client: String(pick(s.clients, run).id) }) },
  { name: 'supplier', query: (s, run) => ({ supplier: String(pick(s.suppliers, run).id) }) },
  { name: 'currency', query: (_s, run) => ({ currency: pick(['GBP', 'EUR', 'USD', 'AED'], run) }) },
  {
    name: 'issue dates (a month)',
    query: (s, run) => ({
      issue_date_after: shiftDay(s.today, -30 * (1 + (run % 20))),
      issue_date_before: shiftDay(s.today, -30 * (run % 20)),
    }),
  },
  { name: 'due before', query: (s, run) => ({ due_before: shiftDay(s.today, -20 * (run % 30)) }) },
  { name: 'overdue', query: () => ({ overdue: 'true' }) },
  {
    name: 'search: number',
    query: (s, run) => ({ search: run % 2 ? pick(s.invoiceNumbers, run) : pick(s.billNumbers, run) }),
  },
  {
    name: 'search: client name',
    query: (s, run) => ({ search: pick(s.clients, run).last_name.slice(0, 4) }),
  },
  { name: 'search: request number', query: (s, run) => ({ search: pick(s.requestNumbers, run) }) },
  {
    name: 'ordering (no filter)',
    query: (_s, run) => ({
      ordering: pick(
        [
          'due_date',
          '-due_date',
          'number',
          '-number',
          'counterparty',
          '-counterparty',
          'total',
          '-total',
          'issue_date',
        ],
        run,
      ),
    }),
  },
  {
    name: 'company + status',
    query: (s, run) => ({
      company: String(pick(s.companies, run)),
      status: pick(STATUSES, run + (run >> 2)),
    }),
  },
  {
    name: 'overdue + company, by due date',
    query: (s, run) => ({ overdue: 'true', company: String(pick(s.companies, run)), ordering: 'due_date' }),
  },
  {
    name: 'search + kind',
    query: (s, run) => ({
      search: pick(s.clients, run).last_name.slice(0, 5),
      kind: pick(['invoice', 'bill'], run),
    }),
  },
  { name: 'page 50', query: (_s, run) => ({ offset: String(980 + (run % 5) * 20) }) },
];

export const TOTALS_FILTERS: ListFilter[] = [
  { name: 'totals: no filter', query: () => ({}) },
  { name: 'totals: kind', query: (_s, run) => ({ kind: pick(['invoice', 'credit_note', 'bill'], run) }) },
  { name: 'totals: status', query: (_s, run) => ({ status: pick(STATUSES, run) }) },
  { name: 'totals: company', query: (s, run) => ({ company: String(pick(s.companies, run)) }) },
  { name: 'totals: client', query: (s, run) => ({ client: String(pick(s.clients, run).id) }) },
  { name: 'totals: overdue', query: () => ({ overdue: 'true' }) },
  { name: 'totals: due before', query: (s, run) => ({ due_before: shiftDay(s.today, -20 * (run % 30)) }) },
  {
    name: 'totals: company + status',
    query: (s, run) => ({
      company: String(pick(s.companies, run)),
      status: pick(STATUSES, run + (run >> 2)),
    }),
  },
  {
    name: 'totals: issue dates (a month)',
    query: (s, run) => ({
      issue_date_after: shiftDay(s.today, -30 * (1 + (run % 20))),
      issue_date_before: shiftDay(s.today, -30 * (run % 20)),
    }),
  },
  { name: 'totals: search', query: (s, run) => ({ search: pick(s.clients, run).last_name.slice(0, 4) }) },
];

export const toQueryString = (q: Record<string, string>) => new URLSearchParams(q).toString();

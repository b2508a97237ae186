/** The list calls of the requests bench: one filter each, as a manager uses the list. */
export interface RequestsSample {
  requests: number;
  lines: number;
  numbers: string[];
  ids: number[];
  clients: Array<{ id: number; last_name: string }>;
  managers: number[];
  suppliers: string[];
}

export interface ListFilter {
  name: string;
  /** The query string of `GET requests/` for the run-th call. */
  query: (s: RequestsSample, run: number) => Record<string, string>;
}

const pick = <T>(list: T[], run: number): T => list[run % list.length]!;

export const LIST_FILTERS: ListFilter[] = [
  { name: 'no filter, newest first', query: () => ({}) },
  { name: 'company', query: (_s, run) => ({ company: pick(['BSLF', 'TPRO', 'AIRS'], run) }) },
  {
    name: 'status',
    query: (_s, run) => ({
      status: pick(['New', 'In progress', 'Confirmed', 'Invoiced', 'Accounted', 'Canceled'], run),
    }),
  },
  { name: 'client', query: (s, run) => ({ client: String(pick(s.clients, run).id) }) },
  { name: 'FO manager', query: (s, run) => ({ fo_manager: String(pick(s.managers, run)) }) },
  { name: 'office', query: (_s, run) => ({ region: String(1 + (run % 2)) }) },
  {
    name: 'dates',
    query: (_s, run) => {
      const month = String(1 + (run % 12)).padStart(2, '0');
      return { date_from: `2026-${month}-01`, date_to: `2026-${month}-28` };
    },
  },
  {
    name: 'service type',
    query: (_s, run) => ({ service_type: pick(['Hotel', 'Private jet', 'Other', 'Accounting'], run) }),
  },
  { name: 'no invoice', query: (_s, run) => ({ invoice: pick(['has', 'none'], run) }) },
  {
    name: 'sorted by margin',
    query: (_s, run) => ({ ordering: pick(['-margin', 'sell_total', 'date_from'], run) }),
  },
  { name: 'free text', query: (s, run) => ({ search: pick(s.clients, run).last_name.slice(0, 4) }) },
];

export const toQueryString = (q: Record<string, string>) => new URLSearchParams(q).toString();

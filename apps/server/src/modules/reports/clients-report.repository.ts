import type { ClientsReportOrdering, CurrencyCode, ReportBasis } from '@app/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { allOf, type SearchableTable, searchCondition } from '../../platform/list-query/filtering.ts';
import { clients } from '../directory/clients.table.ts';

/**
 * The Clients report's SQL (decision 0012). Sales and cost come from `client_month_sums` (the
 * sales ledger summed per client, company, basis and month by the ledger's writer), in the chosen
 * currency's columns (converted at the rates stamped on the documents); requests from the ledger
 * itself; the client's filters from `clients`.
 */

/** Whole months: the first day of the first and of the last month, and the days they cover. */
export interface ReportMonths {
  basis: ReportBasis;
  /** `YYYY-MM-01` of the first and the last month. */
  monthFrom: string;
  monthTo: string;
  /** The first and the last day of the period. */
  dateFrom: string;
  dateTo: string;
}

export interface ClientsReportSqlFilter {
  office?: number[] | undefined;
  manager?: number[] | undefined;
  membership?: string[] | undefined;
  rating?: string[] | undefined;
  search?: string | undefined;
}

export interface ClientSumsRow {
  id: number;
  sales: string;
  cost: string;
  /** Only when the report is ordered by requests (the count is then part of the main query). */
  requests: number | null;
}

export interface ClientsReportPage {
  page: ClientSumsRow[];
  top: ClientSumsRow[];
  total: { clients: number; sales: string; cost: string; requests: number | null };
}

export interface ClientDetailsRow {
  id: number;
  first_name: string;
  last_name: string;
  archived: boolean;
  membership: string | null;
  membership_end: string | null;
  rating: string;
  manager_id: number | null;
  manager_name: string | null;
  office_id: number | null;
  office_title: string | null;
  office_ccy: string | null;
}

export interface CurrencyAmountRow {
  client_id: number;
  currency: string;
  amount: string;
}

/** The two columns of a currency: a fixed map, never text from the query in the SQL. */
const MONEY_COLUMNS: Record<CurrencyCode, { sales: SQL; cost: SQL }> = {
  GBP: { sales: sql.raw('s.sales_gbp'), cost: sql.raw('s.cost_gbp') },
  USD: { sales: sql.raw('s.sales_usd'), cost: sql.raw('s.cost_usd') },
  EUR: { sales: sql.raw('s.sales_eur'), cost: sql.raw('s.cost_eur') },
  AED: { sales: sql.raw('s.sales_aed'), cost: sql.raw('s.cost_aed') },
};

/** The ledger's date column of a basis (`service`: the line's departure; `invoice`: the invoice's). */
const LEDGER_DATE: Record<ReportBasis, SQL> = {
  service: sql.raw('l.service_date'),
  invoice: sql.raw('l.invoice_date'),
};

/** Order expressions over the `matched` rows; the client id breaks ties, always ascending. */
const ORDER: Record<string, SQL> = {
  margin: sql.raw('(sales - cost)'),
  sales: sql.raw('sales'),
  cost: sql.raw('cost'),
  margin_pct: sql.raw('(case when sales <> 0 then (sales - cost) / sales end)'),
  requests: sql.raw('requests'),
  name: sql.raw('sort_name'),
};

function orderBy(ordering: ClientsReportOrdering): SQL {
  const desc = ordering.startsWith('-');
  const key = desc ? ordering.slice(1) : ordering;
  const expr = ORDER[key] ?? ORDER.margin!;
  return sql`${expr} ${sql.raw(desc ? 'desc' : 'asc')} nulls last, id`;
}

const searchable: SearchableTable = { table: clients, id: clients.id, searchVector: clients.search_vector };

/** The client's own filters (the same columns and search as the clients list). */
function clientConditions(f: ClientsReportSqlFilter): SQL | undefined {
  return allOf([
    f.office?.length ? inArray(clients.region_id, f.office) : undefined,
    f.manager?.length ? inArray(clients.fo_manager_id, f.manager) : undefined,
    f.membership?.length ? inArray(clients.membership, f.membership) : undefined,
    f.rating?.length ? inArray(clients.rating, f.rating) : undefined,
    searchCondition(searchable, f.search?.trim() || undefined),
  ]);
}

/** Distinct requests per client with a ledger line dated in the period, as `reqs(client_id, requests)`. */
function requestsCte(m: ReportMonths, where: SQL | undefined): SQL {
  const date = LEDGER_DATE[m.basis];
  return sql`select l.client_id, count(distinct l.request_id)::int as requests
    from sales_ledger l ${where ? sql`join ${clients} on ${clients.id} = l.client_id` : sql``}
    where ${date} >= ${m.dateFrom} and ${date} <= ${m.dateTo} ${where ? sql`and ${where}` : sql``}
    group by l.client_id`;
}

export interface ClientsReportSqlQuery {
  months: ReportMonths;
  currency: CurrencyCode;
  filter: ClientsReportSqlFilter;
  ordering: ClientsReportOrdering;
  limit: number;
  offset: number;
  top: number;
}

export const clientsReportRepository = {
  /**
   * The report's main query: every matching client's sums over the period, aggregated once
   * (materialized), then the page in the asked order, the top by margin and the totals over all
   * of them, in one statement. Requests join in only when they order the report.
   */
  async page(ex: Executor, q: ClientsReportSqlQuery): Promise<ClientsReportPage> {
    const { months: m } = q;
    const money = MONEY_COLUMNS[q.currency];
    const where = clientConditions(q.filter);
    const byRequests = q.ordering.replace('-', '') === 'requests';
    const rows = await queryRows<{
      part: 'page' | 'top' | 'total';
      id: number;
      sales: string | null;
      cost: string | null;
      requests: number | null;
    }>(
      ex,
      sql`with ${byRequests ? sql`reqs as (${requestsCte(m, where)}),` : sql``}
      matched as materialized (
        select ${clients.id} as id, ${clients.sort_name} as sort_name,
          sum(${money.sales}) as sales, sum(${money.cost}) as cost
          ${byRequests ? sql`, coalesce(min(r.requests), 0) as requests` : sql`, null::int as requests`}
        from client_month_sums s
        join ${clients} on ${clients.id} = s.client_id
        ${byRequests ? sql`left join reqs r on r.client_id = s.client_id` : sql``}
        where s.basis = ${m.basis} and s.month >= ${m.monthFrom} and s.month <= ${m.monthTo}
          ${where ? sql`and ${where}` : sql``}
        group by ${clients.id}
      )
      (select 'page' as part, id, sales::text as sales, cost::text as cost, requests from matched
        order by ${orderBy(q.ordering)} limit ${q.limit} offset ${q.offset})
      union all
      (select 'top', id, sales::text, cost::text, requests from matched
        order by (sales - cost) desc, id limit ${q.top})
      union all
      (select 'total', count(*)::int, coalesce(sum(sales), 0)::text, coalesce(sum(cost), 0)::text,
        ${byRequests ? sql`coalesce(sum(requests), 0)::int` : sql`null::int`} from matched)`,
    );
    const pick = (part: string) =>
      rows
        .filter((r) => r.part === part)
        .map((r) => ({ id: r.id, sales: r.sales!, cost: r.cost!, requests: r.requests }));
    const total = rows.find((r) => r.part === 'total')!;
    return {
      page: pick('page'),
      top: pick('top'),
      total: { clients: total.id, sales: total.sales!, cost: total.cost!, requests: total.requests },
    };
  },

  /**
   * Exactly what the route runs for its figures (the bench times this as the report's raw SQL):
   * the main query, and beside it, unless the requests order the report (then the main query
   * counts them), the requests total. On PostgreSQL the two run side by side on two connections.
   */
  async figures(ex: Executor, q: ClientsReportSqlQuery): Promise<ClientsReportPage & { requests: number }> {
    const byRequests = q.ordering.replace('-', '') === 'requests';
    const [found, requests] = await Promise.all([
      clientsReportRepository.page(ex, q),
      byRequests ? Promise.resolve(null) : clientsReportRepository.requestsTotal(ex, q.months, q.filter),
    ]);
    return { ...found, requests: requests ?? found.total.requests ?? 0 };
  },

  /**
   * Distinct requests of all matching clients with a ledger line in the period (a request has
   * one client, so this is also the sum of the clients' counts).
   */
  async requestsTotal(ex: Executor, months: ReportMonths, filter: ClientsReportSqlFilter): Promise<number> {
    const where = clientConditions(filter);
    const date = LEDGER_DATE[months.basis];
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from (
        select distinct l.client_id, l.request_id from sales_ledger l
        ${where ? sql`join ${clients} on ${clients.id} = l.client_id` : sql``}
        where ${date} >= ${months.dateFrom} and ${date} <= ${months.dateTo}
          ${where ? sql`and ${where}` : sql``}) x`,
    );
    return row?.n ?? 0;
  },

  /** Distinct requests per client for these clients (a page), from the ledger's client index. */
  async requestsOf(ex: Executor, months: ReportMonths, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const date = LEDGER_DATE[months.basis];
    const rows = await queryRows<{ client_id: number; requests: number }>(
      ex,
      sql`select l.client_id, count(distinct l.request_id)::int as requests from sales_ledger l
          where l.client_id in ${ids} and ${date} >= ${months.dateFrom} and ${date} <= ${months.dateTo}
          group by l.client_id`,
    );
    return new Map(rows.map((r) => [r.client_id, r.requests]));
  },

  /** Name, plan, rating, FO manager and office of these clients (archived ones included). */
  details(ex: Executor, ids: number[]): Promise<ClientDetailsRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return queryRows<ClientDetailsRow>(
      ex,
      sql`select c.id, c.first_name, c.last_name, c.archived_at is not null as archived, c.membership,
            c.membership_end::text as membership_end, c.rating, u.id as manager_id, u.name as manager_name,
            r.id as office_id, r.title as office_title, r.ccy as office_ccy
          from clients c
          left join users u on u.id = c.fo_manager_id
          left join regions r on r.id = c.region_id
          where c.id in ${ids}`,
    );
  },

  /**
   * What these clients owe now, per currency: the open amounts of their invoices (positive) and
   * credit notes (negative: credit not yet applied) in the register. Zero sums are left out.
   */
  openBalances(ex: Executor, ids: number[]): Promise<CurrencyAmountRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return queryRows<CurrencyAmountRow>(
      ex,
      sql`select counterparty_id as client_id, currency, sum(open_amount)::text as amount
          from document_register
          where counterparty_kind = 'client' and counterparty_id in ${ids}
            and doc_kind in ('invoice', 'credit_note')
          group by counterparty_id, currency
          having sum(open_amount) <> 0`,
    );
  },
};

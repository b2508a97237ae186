import {
  CLIENTS_REPORT_TOP,
  type ClientsReport,
  type ClientsReportFilter,
  type ClientsReportQuery,
  type ClientsReportRow,
  type ClientsReportTop,
  type CurrencyCode,
  type Membership,
  RATE_CURRENCIES,
  type Rating,
  type ReportCurrencyAmount,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/client.ts';
import type { BalancesService } from '../banking/balances.service.ts';
import {
  type ClientDetailsRow,
  type ClientSumsRow,
  type ClientsReportSqlFilter,
  type ReportMonths,
  clientsReportRepository as repo,
} from './clients-report.repository.ts';

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** Margin ÷ sales in percent, 2 places; null without sales (nothing to divide by). */
export function marginPercent(sales: Decimal.Value, margin: Decimal.Value): string | null {
  const s = new Decimal(sales);
  return s.isZero()
    ? null
    : new Decimal(margin).div(s).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The period as whole months: both given, or one end and the other end of its year, or the
 * calendar year of `today`.
 */
export function reportMonths(
  q: { month_from?: string | undefined; month_to?: string | undefined; basis: ReportMonths['basis'] },
  today: string,
): ReportMonths {
  const from = q.month_from ?? `${(q.month_to ?? today).slice(0, 4)}-01`;
  const to = q.month_to ?? `${(q.month_from ?? today).slice(0, 4)}-12`;
  return {
    basis: q.basis,
    monthFrom: `${from}-01`,
    monthTo: `${to}-01`,
    dateFrom: `${from}-01`,
    dateTo: lastDayOf(to),
  };
}

const sqlFilter = (f: ClientsReportFilter): ClientsReportSqlFilter => ({
  office: f.office,
  manager: f.manager,
  membership: f.membership,
  rating: f.rating,
  search: f.search,
});

/** Per-currency amounts of a client, in the currencies' usual order, zeros left out. */
function byCurrency(amounts: Map<string, Decimal> | undefined): ReportCurrencyAmount[] {
  if (!amounts) return [];
  return RATE_CURRENCIES.filter((c) => amounts.has(c) && !amounts.get(c)!.isZero()).map((currency) => ({
    currency,
    amount: money(amounts.get(currency)!),
  }));
}

function addTo(map: Map<number, Map<string, Decimal>>, id: number, currency: string, amount: Decimal.Value) {
  const amounts = map.get(id) ?? new Map<string, Decimal>();
  amounts.set(currency, (amounts.get(currency) ?? new Decimal(0)).plus(amount));
  map.set(id, amounts);
}

const clientRef = (d: ClientDetailsRow | undefined, id: number) => ({
  id,
  name: d ? `${d.first_name} ${d.last_name}`.trim() : `Client ${id}`,
});

/** What the asking user may see: `balances` = open balance and credit (CLIENTS_REPORT_BALANCES_ACCESS). */
export interface ClientsReportViewer {
  balances: boolean;
}

/** Who is not told (the default: a caller that does not say gets the figures only). */
const NO_BALANCES: ClientsReportViewer = { balances: false };

export interface ClientsReportServiceDeps {
  db: Db;
  /** The banking module's client balances (derived from the bank lines, decision 0011). */
  balances: Pick<BalancesService, 'totalsOf'>;
  /** "Today" (UTC): the default period is its calendar year. */
  clock?: () => Date;
}

export function createClientsReportService({
  db,
  balances,
  clock = () => new Date(),
}: ClientsReportServiceDeps) {
  /** The clients' deposits per currency, as the banking module derives them for a client's page, in one read. */
  async function creditsOf(ids: number[]): Promise<Map<number, Map<string, Decimal>>> {
    const out = new Map<number, Map<string, Decimal>>();
    for (const [id, list] of await balances.totalsOf(ids))
      for (const b of list) addTo(out, id, b.currency, b.balance);
    return out;
  }

  async function openBalancesOf(ids: number[]): Promise<Map<number, Map<string, Decimal>>> {
    const out = new Map<number, Map<string, Decimal>>();
    for (const r of await repo.openBalances(db, ids)) addTo(out, r.client_id, r.currency, r.amount);
    return out;
  }

  /**
   * The rows of these clients' sums, with what the sums do not hold (names, balances, requests);
   * the balances only for a viewer who may see them (`balances`), else null and not read.
   */
  async function rowsOf(
    months: ReportMonths,
    sums: ClientSumsRow[],
    viewer: ClientsReportViewer,
  ): Promise<ClientsReportRow[]> {
    const ids = sums.map((s) => s.id);
    const needRequests = sums.some((s) => s.requests === null);
    const none = Promise.resolve(null);
    const [details, requests, open, credit] = await Promise.all([
      repo.details(db, ids),
      needRequests ? repo.requestsOf(db, months, ids) : Promise.resolve(new Map<number, number>()),
      viewer.balances ? openBalancesOf(ids) : none,
      viewer.balances ? creditsOf(ids) : none,
    ]);
    const byId = new Map(details.map((d) => [d.id, d]));
    return sums.map((s) => {
      const d = byId.get(s.id)!;
      const margin = new Decimal(s.sales).minus(s.cost);
      return {
        client: clientRef(d, s.id),
        archived: d.archived,
        membership: d.membership as Membership | null,
        membership_end: d.membership_end,
        rating: d.rating as Rating,
        fo_manager: d.manager_id ? { id: d.manager_id, name: d.manager_name! } : null,
        office: d.office_id ? { id: d.office_id, title: d.office_title!, ccy: d.office_ccy! } : null,
        requests: s.requests ?? requests.get(s.id) ?? 0,
        sales: money(s.sales),
        cost: money(s.cost),
        margin: money(margin),
        margin_pct: marginPercent(s.sales, margin),
        open_balance: open && byCurrency(open.get(s.id)),
        credit: credit && byCurrency(credit.get(s.id)),
      };
    });
  }

  function sqlQuery(q: ClientsReportFilter, months: ReportMonths, limit: number, offset: number) {
    return {
      months,
      currency: q.currency as CurrencyCode,
      filter: sqlFilter(q),
      ordering: q.ordering,
      limit,
      offset,
      top: CLIENTS_REPORT_TOP,
    };
  }

  const monthsOf = (q: Pick<ClientsReportQuery, 'month_from' | 'month_to' | 'basis'>) =>
    reportMonths(q, clock().toISOString().slice(0, 10));

  return {
    /** The months a query covers (the export's file name). */
    period(q: Pick<ClientsReportQuery, 'month_from' | 'month_to' | 'basis'>) {
      const m = monthsOf(q);
      return { month_from: m.monthFrom.slice(0, 7), month_to: m.monthTo.slice(0, 7) };
    },

    /** A page of the report, the totals over every matching client and the top clients by margin. */
    async report(q: ClientsReportQuery, viewer: ClientsReportViewer = NO_BALANCES): Promise<ClientsReport> {
      const months = monthsOf(q);
      const sqlQ = sqlQuery(q, months, q.limit, q.offset);
      const found = await repo.figures(db, sqlQ);
      const rows = await rowsOf(months, found.page, viewer);
      const names = new Map(rows.map((r) => [r.client.id, r.client]));
      const missing = found.top.map((t) => t.id).filter((id) => !names.has(id));
      for (const d of await repo.details(db, missing)) names.set(d.id, clientRef(d, d.id));
      const top: ClientsReportTop[] = found.top.map((t) => ({
        client: names.get(t.id) ?? { id: t.id, name: `Client ${t.id}` },
        sales: money(t.sales),
        margin: money(new Decimal(t.sales).minus(t.cost)),
      }));
      const margin = new Decimal(found.total.sales).minus(found.total.cost);
      return {
        data: rows,
        meta: { total: found.total.clients, limit: q.limit, offset: q.offset },
        summary: {
          period: {
            month_from: months.monthFrom.slice(0, 7),
            month_to: months.monthTo.slice(0, 7),
            date_from: months.dateFrom,
            date_to: months.dateTo,
          },
          basis: months.basis,
          currency: q.currency,
          totals: {
            clients: found.total.clients,
            requests: found.requests,
            sales: money(found.total.sales),
            cost: money(found.total.cost),
            margin: money(margin),
            margin_pct: marginPercent(found.total.sales, margin),
          },
          top,
        },
      };
    },

    /** Every matching row in report order, at most `max`, a chunk at a time (the export). */
    async *allRows(
      q: ClientsReportFilter,
      viewer: ClientsReportViewer,
      max: number,
      chunk = 500,
    ): AsyncGenerator<ClientsReportRow[]> {
      const months = monthsOf(q);
      const { page } = await repo.page(db, sqlQuery(q, months, max, 0));
      for (let i = 0; i < page.length; i += chunk)
        yield await rowsOf(months, page.slice(i, i + chunk), viewer);
    },
  };
}

export type ClientsReportService = ReturnType<typeof createClientsReportService>;

/**
 * The calls of the reports bench: each report through its route (the query string of the run-th
 * call) and the same report's main query through its repository (what the route's service runs,
 * with the arguments the service would build from that query string), so the runner prints the
 * route's time beside the SQL's.
 */
import {
  CLIENTS_REPORT_TOP,
  ClientsReportQuerySchema,
  type CurrencyCode,
  DEBTS_DEFAULT_LIMIT,
  DEBTS_TOP,
  DebtsReportQuerySchema,
  type DebtsSide,
  FinReportQuerySchema,
  findRate,
  LogReportQuerySchema,
  RATE_CURRENCIES,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { createBalancesService } from '../../apps/server/src/modules/banking/balances.service.ts';
import { createRatesService } from '../../apps/server/src/modules/rates/rates.service.ts';
import { clientsReportRepository } from '../../apps/server/src/modules/reports/clients-report.repository.ts';
import {
  createClientsReportService,
  reportMonths,
} from '../../apps/server/src/modules/reports/clients-report.service.ts';
import {
  type DebtsRate,
  debtsReportRepository,
} from '../../apps/server/src/modules/reports/debts-report.repository.ts';
import { createDebtsReportService } from '../../apps/server/src/modules/reports/debts-report.service.ts';
import { finReportRepository } from '../../apps/server/src/modules/reports/fin-report.repository.ts';
import { createFinReportService, scopeOf } from '../../apps/server/src/modules/reports/fin-report.service.ts';
import { logReportRepository } from '../../apps/server/src/modules/reports/log-report.repository.ts';
import {
  createLogReportService,
  logReportFilterOf,
} from '../../apps/server/src/modules/reports/log-report.service.ts';
import { createVatRatesService } from '../../apps/server/src/modules/reports/vat-rates.service.ts';
import type { ReportsSize } from './generate.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export interface ReportsSample {
  today: string;
  /** Three months before today: Debts as of a past day. */
  pastDay: string;
  /** The last twelve months, `YYYY-MM`: "a year" of Fin-Report and Clients. */
  monthFrom: string;
  monthTo: string;
  /** Offices (regions) with clients, for the one-filter calls. */
  offices: number[];
  /** Each Debts side, day and chosen currency's rates, as the Debts service looks them up. */
  debtsRates: Record<string, DebtsRate[]>;
  size: ReportsSize;
  /** The Accountant's token: the routes are called as the Accountant. */
  accountantToken: string;
}

/** `today` ± days as a UTC date. */
export function shiftDay(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM` of `today` moved by whole months. */
function shiftMonth(today: string, months: number): string {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 7);
}

const pick = <T>(list: readonly T[], run: number): T => list[run % list.length]!;
/** The chosen currency moves with each call, so the calls are not one query repeated. */
const currencyOf = (run: number): CurrencyCode => pick(RATE_CURRENCIES, run);
const ratesKey = (side: DebtsSide, day: string, currency: string) => `${side} ${day} ${currency}`;

/** Debts converts client debts at the sell rate, supplier debts at the buy rate (its service's rule). */
const DEBTS_RATE_SIDE = { clients: 'sell', suppliers: 'buy' } as const;

export async function reportsSample(
  db: Db,
  today: string,
): Promise<Omit<ReportsSample, 'size' | 'accountantToken'>> {
  const pastDay = shiftDay(today, -91);
  const rates = createRatesService({ db });
  const debtsRates: Record<string, DebtsRate[]> = {};
  for (const day of [today, pastDay]) {
    const set = await rates.onDate(day);
    for (const side of ['clients', 'suppliers'] as const)
      for (const to of RATE_CURRENCIES)
        debtsRates[ratesKey(side, day, to)] = RATE_CURRENCIES.flatMap((from) => {
          const rate =
            from === to ? '1' : set ? findRate(set.rates, from, to, DEBTS_RATE_SIDE[side])?.rate : null;
          return rate ? [{ currency: from, rate }] : [];
        });
  }
  const offices = await rowsOf<{ id: number }>(
    db.execute(sql`select region_id as id from clients where region_id is not null
      group by region_id order by count(*) desc limit 4`),
  );
  return {
    today,
    pastDay,
    monthFrom: shiftMonth(today, -11),
    monthTo: shiftMonth(today, 0),
    offices: offices.map((o) => o.id),
    debtsRates,
  };
}

export interface ReportCall {
  name: string;
  /** The report's budget in ms (the route's p95 on PostgreSQL); null: reported only. */
  target: number | null;
  /** `GET` path of the run-th call, under /api/v1/. */
  path: (s: ReportsSample, run: number) => string;
  /**
   * The same call's report query through the report's repository (the SQL time): Debts' one
   * statement, Fin-Report's month sums, Clients' figures (the main query and the requests total
   * beside it, as the route runs them), LOG-report's page and totals (side by side, as the route).
   */
  sql: (db: Db, s: ReportsSample, run: number) => Promise<unknown>;
  /** The whole report through its service, as the route builds it (every query, no HTTP). */
  service: (db: Db, s: ReportsSample, run: number) => Promise<unknown>;
}

const qs = (query: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();

function debts(side: DebtsSide, past: boolean): ReportCall {
  const day = (s: ReportsSample) => (past ? s.pastDay : s.today);
  return {
    name: `Debts, ${side}, ${past ? 'as of 3 months ago' : 'today'}`,
    target: 300,
    path: (s, run) =>
      `reports/debts/?${qs({ side, as_of: past ? s.pastDay : undefined, currency: currencyOf(run) })}`,
    sql: (db, s, run) =>
      debtsReportRepository.report(db, {
        side,
        asOf: day(s),
        rates: s.debtsRates[ratesKey(side, day(s), currencyOf(run))] ?? [],
        ordering: 'counterparty',
        limit: DEBTS_DEFAULT_LIMIT,
        offset: 0,
        top: DEBTS_TOP,
      }),
    service: (db, s, run) =>
      createDebtsReportService({ db, rates: createRatesService({ db }) }).report(
        DebtsReportQuerySchema.parse({ side, as_of: day(s), currency: currencyOf(run) }),
      ),
  };
}

function finReport(basis: 'service' | 'invoice'): ReportCall {
  const query = (s: ReportsSample, run: number) => ({
    month_from: s.monthFrom,
    month_to: s.monthTo,
    basis,
    currency: currencyOf(run),
  });
  return {
    name: `Fin-Report, a year by ${basis} date`,
    target: 500,
    path: (s, run) => `reports/fin-report/?${qs(query(s, run))}`,
    sql: (db, s, run) => finReportRepository.rows(db, scopeOf(FinReportQuerySchema.parse(query(s, run)))),
    service: (db, s, run) =>
      createFinReportService({ db, vatRates: createVatRatesService({ db }) }).report(
        FinReportQuerySchema.parse(query(s, run)),
      ),
  };
}

function clientsReport(filtered: boolean): ReportCall {
  const query = (s: ReportsSample, run: number) => ({
    month_from: s.monthFrom,
    month_to: s.monthTo,
    currency: currencyOf(run),
    office: filtered ? String(pick(s.offices, run)) : undefined,
  });
  return {
    name: `Clients, a year, ${filtered ? 'one office' : 'first page'}`,
    target: 500,
    path: (s, run) => `reports/clients/?${qs(query(s, run))}`,
    sql: (db, s, run) => {
      const q = ClientsReportQuerySchema.parse(query(s, run));
      return clientsReportRepository.figures(db, {
        months: reportMonths(q, s.today),
        currency: q.currency,
        filter: {
          office: q.office,
          manager: q.manager,
          membership: q.membership,
          rating: q.rating,
          search: q.search,
        },
        ordering: q.ordering,
        limit: q.limit,
        offset: q.offset,
        top: CLIENTS_REPORT_TOP,
      });
    },
    service: (db, s, run) =>
      createClientsReportService({ db, balances: createBalancesService({ db }) }).report(
        ClientsReportQuerySchema.parse(query(s, run)),
      ),
  };
}

function logReport(filtered: boolean): ReportCall {
  const query = (s: ReportsSample, run: number) => ({
    office: filtered ? String(pick(s.offices, run)) : undefined,
  });
  return {
    name: `LOG-report, ${filtered ? 'one office' : 'first page'}`,
    target: null,
    path: (s, run) => `reports/log-report/?${qs(query(s, run))}`,
    sql: (db, s, run) => {
      const q = LogReportQuerySchema.parse(query(s, run));
      const filter = logReportFilterOf(q);
      return Promise.all([
        logReportRepository.page(db, filter, { limit: q.limit, offset: q.offset }),
        logReportRepository.totals(db, filter),
      ]);
    },
    service: (db, s, run) => createLogReportService({ db }).report(LogReportQuerySchema.parse(query(s, run))),
  };
}

export const REPORT_CALLS: ReportCall[] = [
  debts('clients', false),
  debts('clients', true),
  debts('suppliers', false),
  debts('suppliers', true),
  finReport('service'),
  finReport('invoice'),
  clientsReport(false),
  clientsReport(true),
  logReport(false),
  logReport(true),
];

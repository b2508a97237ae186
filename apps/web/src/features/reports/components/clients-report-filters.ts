import { MEMBERSHIP_VALUES, RATINGS } from '@app/shared';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  CLIENTS_REPORT_DEFAULT_LIMIT,
  CLIENTS_REPORT_MAX_LIMIT,
  CLIENTS_REPORT_MAX_MONTHS,
  CLIENTS_REPORT_ORDERINGS,
  type ClientsReportOrdering,
  clientsReportMonthCount,
} from '@app/shared/reports/clients-report.schemas';
import { REPORT_BASES, type ReportBasis } from '@app/shared/reports/reports.common';
import { idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { ClientsReportParams } from '../api/clients-report-keys.ts';

/** The report's URL: period (`YYYY-MM` both ends), basis, currency, the client filters, search, order, page. */
export const CLIENTS_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/clients',
  filterKeys: ['month_from', 'month_to', 'basis', 'currency', 'office', 'manager', 'membership', 'rating'],
  defaultOrdering: '-margin',
  defaultPageSize: CLIENTS_REPORT_DEFAULT_LIMIT,
};

export const CLIENTS_REPORT_BASIS_LABELS: Record<ReportBasis, string> = {
  service: 'Departure date',
  invoice: 'Invoice date',
};
export const CLIENTS_REPORT_BASIS_OPTIONS = REPORT_BASES.map((value) => ({
  value,
  label: CLIENTS_REPORT_BASIS_LABELS[value],
}));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthOf = (raw: string | undefined) => (raw && MONTH.test(raw) ? raw : undefined);

/** Without a period in the URL: the calendar year of `now`, January to December. */
export function defaultPeriod(now: Date): { month_from: string; month_to: string } {
  const year = now.getFullYear();
  return { month_from: `${year}-01`, month_to: `${year}-12` };
}

/** Values of a multi-choice filter (`a,b` in the URL) that the API knows; the rest are dropped. */
function listOf<T extends string>(values: readonly T[], raw: string | undefined): T[] | undefined {
  const known = (raw ?? '').split(',').filter((v): v is T => (values as readonly string[]).includes(v));
  return known.length ? known : undefined;
}

/**
 * The API query from the URL; a value the API would refuse (a hand-edited URL) falls back to its
 * default rather than failing the report.
 */
export function clientsReportQuery(state: ListState, now: Date): ClientsReportParams {
  const f = state.filters;
  let from = monthOf(f.month_from);
  let to = monthOf(f.month_to);
  if (!from || !to || to < from || clientsReportMonthCount(from, to) > CLIENTS_REPORT_MAX_MONTHS)
    ({ month_from: from, month_to: to } = defaultPeriod(now));
  const ordering = oneOf(CLIENTS_REPORT_ORDERINGS, state.ordering) ?? ('-margin' as ClientsReportOrdering);
  const pageSize = Math.min(state.pageSize, CLIENTS_REPORT_MAX_LIMIT);
  const office = idOf(f.office);
  const manager = idOf(f.manager);
  const membership = listOf(MEMBERSHIP_VALUES, f.membership);
  const rating = listOf(RATINGS, f.rating);
  const search = state.search.trim();
  return {
    month_from: from,
    month_to: to,
    basis: oneOf(REPORT_BASES, f.basis) ?? 'service',
    currency: oneOf(RATE_CURRENCIES, f.currency) ?? 'GBP',
    ordering,
    limit: pageSize,
    offset: (state.page - 1) * pageSize,
    ...(office !== undefined ? { office: [office] } : {}),
    ...(manager !== undefined ? { manager: [manager] } : {}),
    ...(membership ? { membership } : {}),
    ...(rating ? { rating } : {}),
    ...(search ? { search } : {}),
  };
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (m: string) => MONTH_NAMES[Number(m.slice(5, 7)) - 1] ?? m;

/** `Jan–Dec 2026`, `Nov 2025–Feb 2026`, `Mar 2026`. */
export function periodTitle(from: string, to: string): string {
  const [fy, ty] = [from.slice(0, 4), to.slice(0, 4)];
  if (from === to) return `${monthName(from)} ${fy}`;
  return fy === ty
    ? `${monthName(from)}–${monthName(to)} ${ty}`
    : `${monthName(from)} ${fy}–${monthName(to)} ${ty}`;
}

/** Why the report is empty: the period, the basis and whether filters narrowed it. */
export function emptyReason(params: ClientsReportParams, filtered: boolean): string {
  const period = periodTitle(params.month_from, params.month_to);
  const what =
    params.basis === 'invoice'
      ? `No client had sales invoiced in ${period}`
      : `No client had invoiced sales with departure dates in ${period}`;
  return filtered ? `${what} matching these filters.` : `${what}.`;
}

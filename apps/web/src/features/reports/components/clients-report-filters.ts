import { MEMBERSHIP_VALUES, RATINGS } from '@app/shared';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  CLIENTS_REPORT_DEFAULT_LIMIT,
  CLIENTS_REPORT_MAX_LIMIT,
  CLIENTS_REPORT_MAX_MONTHS,
  CLIENTS_REPORT_ORDERINGS,
  type ClientsReportOrdering,
} from '@app/shared/reports/clients-report.schemas';
import { monthRangeTitle } from '@app/shared/reports/fin-report.schemas';
import { REPORT_BASES } from '@app/shared/reports/reports.common';
import { idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { ClientsReportParams } from '../api/clients-report-keys.ts';
import { readReportPeriod } from './report-period.ts';
import type { ReportUrlReading } from './use-report-url.ts';

/** The report's URL: period (`YYYY-MM` both ends), basis, currency, the client filters, search, order, page. */
export const CLIENTS_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/clients',
  filterKeys: ['month_from', 'month_to', 'basis', 'currency', 'office', 'manager', 'membership', 'rating'],
  defaultOrdering: '-margin',
  defaultPageSize: CLIENTS_REPORT_DEFAULT_LIMIT,
};

/** Values of a multi-choice filter (`a,b` in the URL) that the API knows; the rest are dropped. */
function listOf<T extends string>(values: readonly T[], raw: string | undefined): T[] | undefined {
  const known = (raw ?? '').split(',').filter((v): v is T => (values as readonly string[]).includes(v));
  return known.length ? known : undefined;
}

/**
 * The API query from the URL; a value the API would refuse (a hand-edited URL) falls back to its
 * default rather than failing the report, and a period it cannot run is said in `refusal`.
 */
export function readClientsReport(state: ListState, now: Date): ReportUrlReading<ClientsReportParams> {
  const f = state.filters;
  const period = readReportPeriod(f, now, CLIENTS_REPORT_MAX_MONTHS);
  const ordering = oneOf(CLIENTS_REPORT_ORDERINGS, state.ordering) ?? ('-margin' as ClientsReportOrdering);
  const pageSize = Math.min(state.pageSize, CLIENTS_REPORT_MAX_LIMIT);
  const basis = oneOf(REPORT_BASES, f.basis);
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  const office = idOf(f.office);
  const manager = idOf(f.manager);
  const membership = listOf(MEMBERSHIP_VALUES, f.membership);
  const rating = listOf(RATINGS, f.rating);
  const search = state.search.trim();
  return {
    query: {
      month_from: period.month_from,
      month_to: period.month_to,
      basis: basis ?? 'service',
      currency: currency ?? 'GBP',
      ordering,
      limit: pageSize,
      offset: (state.page - 1) * pageSize,
      ...(office !== undefined ? { office: [office] } : {}),
      ...(manager !== undefined ? { manager: [manager] } : {}),
      ...(membership ? { membership } : {}),
      ...(rating ? { rating } : {}),
      ...(search ? { search } : {}),
    },
    used: {
      ...(period.refusal ? {} : { month_from: f.month_from, month_to: f.month_to }),
      basis,
      currency,
      office: office === undefined ? undefined : f.office,
      manager: manager === undefined ? undefined : f.manager,
      membership: membership?.join(','),
      rating: rating?.join(','),
    },
    ordering,
    refusal: period.refusal,
  };
}

/** Why the report is empty: the period, the basis and whether filters narrowed it. */
export function emptyReason(params: ClientsReportParams, filtered: boolean): string {
  const period = monthRangeTitle(params.month_from, params.month_to);
  const what =
    params.basis === 'invoice'
      ? `No client had sales invoiced in ${period}`
      : `No client had invoiced sales with departure dates in ${period}`;
  return filtered ? `${what} for these filters.` : `${what}.`;
}

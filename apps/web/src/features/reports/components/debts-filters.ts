import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  DEBTS_ORDERINGS,
  DEBTS_SIDE_DOCUMENTS,
  DEBTS_SIDES,
  type DebtsSide,
} from '@app/shared/reports/debts-report.schemas';
import { formatDate } from '../../../lib/format/format-date.ts';
import { dayOf, idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { DebtsReportParams } from '../api/debts-report-keys.ts';
import type { ReportUrlReading } from './use-report-url.ts';

/** The report's page size, as the other reports'. */
export const DEBTS_PAGE_SIZE = 50;

/**
 * The report's URL: side, as-of day, currency, company, counterparty, order and page. The day is
 * a point in time: it stays in the URL (a shared link shows that day) but is not saved, so the
 * report opened again from the navigation is as of today.
 */
export const DEBTS_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/debts',
  filterKeys: ['side', 'as_of', 'currency', 'company', 'counterparty'],
  unsavedKeys: ['as_of'],
  defaultOrdering: 'counterparty',
  defaultPageSize: DEBTS_PAGE_SIZE,
};

export const DEBTS_COUNTERPARTY_LABEL: Record<DebtsSide, string> = {
  clients: 'Client',
  suppliers: 'Supplier',
};

/**
 * The API query from the URL. No day in the URL: the server's today. A value the API would refuse
 * (a hand-edited URL) falls back to its default rather than failing the report; a day after
 * `today` is refused too (every debt would read as long past due), and the page says so.
 */
export function readDebtsReport(state: ListState, today: string): ReportUrlReading<DebtsReportParams> {
  const f = state.filters;
  const day = dayOf(f.as_of);
  const asOf = day && day <= today ? day : undefined;
  const company = idOf(f.company);
  const counterparty = idOf(f.counterparty);
  const side = oneOf(DEBTS_SIDES, f.side);
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  const ordering = oneOf(DEBTS_ORDERINGS, state.ordering) ?? 'counterparty';
  const query: DebtsReportParams = {
    side: side ?? 'clients',
    currency: currency ?? 'GBP',
    ordering,
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ...(asOf ? { as_of: asOf } : {}),
    ...(company !== undefined ? { company } : {}),
    ...(counterparty !== undefined ? { counterparty } : {}),
  };
  let refusal: string | null = null;
  if (f.as_of !== undefined && !asOf)
    refusal = day
      ? `The day in the link, ${formatDate(day)}, is after today: showing today's debts.`
      : `The day in the link, “${f.as_of}”, is not a date: showing today's debts.`;
  return {
    query,
    used: {
      side,
      as_of: asOf,
      currency,
      company: company === undefined ? undefined : f.company,
      counterparty: counterparty === undefined ? undefined : f.counterparty,
    },
    ordering,
    refusal,
  };
}

/** Why there is nothing to show: what was looked for, on which day, and whether filters narrowed it. */
export function debtsEmptyReason(side: DebtsSide, asOf: string, filtered: boolean): string {
  const what = `No ${DEBTS_SIDE_DOCUMENTS[side]} as of ${formatDate(asOf)}`;
  return filtered ? `${what} for these filters.` : `${what}.`;
}

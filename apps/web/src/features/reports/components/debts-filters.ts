import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  DEBTS_DEFAULT_LIMIT,
  DEBTS_ORDERINGS,
  DEBTS_SIDE_DOCUMENTS,
  DEBTS_SIDES,
  type DebtsSide,
} from '@app/shared/reports/debts-report.schemas';
import dayjs from 'dayjs';
import { dayOf, idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { DebtsReportParams } from '../api/debts-report-keys.ts';

/** The report's URL: side, as-of day, currency, company, counterparty, order and page. */
export const DEBTS_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/debts',
  filterKeys: ['side', 'as_of', 'currency', 'company', 'counterparty'],
  defaultOrdering: 'counterparty',
  defaultPageSize: DEBTS_DEFAULT_LIMIT,
};

export const DEBTS_COUNTERPARTY_LABEL: Record<DebtsSide, string> = {
  clients: 'Client',
  suppliers: 'Supplier',
};

/**
 * The API query from the URL. No day in the URL: the server's today. A value the API would refuse
 * (a hand-edited URL) falls back to its default rather than failing the report.
 */
export function debtsReportQuery(state: ListState): DebtsReportParams {
  const f = state.filters;
  const asOf = dayOf(f.as_of);
  const company = idOf(f.company);
  const counterparty = idOf(f.counterparty);
  return {
    side: oneOf(DEBTS_SIDES, f.side) ?? 'clients',
    currency: oneOf(RATE_CURRENCIES, f.currency) ?? 'GBP',
    ordering: oneOf(DEBTS_ORDERINGS, state.ordering) ?? 'counterparty',
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ...(asOf && dayjs(asOf).isValid() ? { as_of: asOf } : {}),
    ...(company !== undefined ? { company } : {}),
    ...(counterparty !== undefined ? { counterparty } : {}),
  };
}

/** `2026-11-25` → `25 Nov 2026`. */
export const longDate = (day: string) => dayjs(day).format('D MMM YYYY');

/** Why there is nothing to show: what was looked for, on which day, and whether filters narrowed it. */
export function debtsEmptyReason(side: DebtsSide, asOf: string, filtered: boolean): string {
  const what = `No ${DEBTS_SIDE_DOCUMENTS[side]} as of ${longDate(asOf)}`;
  return filtered ? `${what} for these filters.` : `${what}.`;
}

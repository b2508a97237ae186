import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { FIN_REPORT_MAX_MONTHS, monthsBetween } from '@app/shared/reports/fin-report.schemas';
import { REPORT_BASES, type ReportBasis } from '@app/shared/reports/reports.common';
import { ACCOUNT_TYPES } from '@app/shared/value-lists';
import { idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';

/** The report's URL: period (`YYYY-MM` both ends), basis, currency, company, account type. */
export const FIN_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/fin-report',
  filterKeys: ['month_from', 'month_to', 'basis', 'currency', 'company', 'account_type'],
};

export const FIN_REPORT_BASIS_LABELS: Record<ReportBasis, string> = {
  service: 'Departure date',
  invoice: 'Invoice date',
};
export const FIN_REPORT_BASIS_OPTIONS = REPORT_BASES.map((value) => ({
  value,
  label: FIN_REPORT_BASIS_LABELS[value],
}));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthOf = (raw: string | undefined) => (raw && MONTH.test(raw) ? raw : undefined);

/** Without a period in the URL: the calendar year of `now`, January to December. */
export function defaultPeriod(now: Date): { month_from: string; month_to: string } {
  const year = now.getFullYear();
  return { month_from: `${year}-01`, month_to: `${year}-12` };
}

/**
 * The API query from the URL; a value the API would refuse (a hand-edited URL) falls back to its
 * default rather than failing the report.
 */
export function finReportQuery(state: ListState, now: Date): FinReportParams {
  const f = state.filters;
  let from = monthOf(f.month_from);
  let to = monthOf(f.month_to);
  if (!from || !to || to < from || monthsBetween(from, to) > FIN_REPORT_MAX_MONTHS) {
    ({ month_from: from, month_to: to } = defaultPeriod(now));
  }
  const company = idOf(f.company);
  const accountType = oneOf(ACCOUNT_TYPES, f.account_type);
  return {
    month_from: from,
    month_to: to,
    basis: oneOf(REPORT_BASES, f.basis) ?? 'service',
    currency: oneOf(RATE_CURRENCIES, f.currency) ?? 'GBP',
    ...(company !== undefined ? { company } : {}),
    ...(accountType ? { account_type: accountType } : {}),
  };
}

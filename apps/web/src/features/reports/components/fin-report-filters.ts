import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { FIN_REPORT_MAX_MONTHS } from '@app/shared/reports/fin-report.schemas';
import { REPORT_BASES } from '@app/shared/reports/reports.common';
import { ACCOUNT_TYPES } from '@app/shared/value-lists';
import { idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { readReportPeriod } from './report-period.ts';
import type { ReportUrlReading } from './use-report-url.ts';

/** The report's URL: period (`YYYY-MM` both ends), basis, currency, company, account type. */
export const FIN_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/fin-report',
  filterKeys: ['month_from', 'month_to', 'basis', 'currency', 'company', 'account_type'],
};

/**
 * The API query from the URL; a value the API would refuse (a hand-edited URL) falls back to its
 * default rather than failing the report, and a period it cannot run is said in `refusal`.
 */
export function readFinReport(state: ListState, now: Date): ReportUrlReading<FinReportParams> {
  const f = state.filters;
  const period = readReportPeriod(f, now, FIN_REPORT_MAX_MONTHS);
  const basis = oneOf(REPORT_BASES, f.basis);
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  const company = idOf(f.company);
  const accountType = oneOf(ACCOUNT_TYPES, f.account_type);
  return {
    query: {
      month_from: period.month_from,
      month_to: period.month_to,
      basis: basis ?? 'service',
      currency: currency ?? 'GBP',
      ...(company !== undefined ? { company } : {}),
      ...(accountType ? { account_type: accountType } : {}),
    },
    used: {
      ...(period.refusal ? {} : { month_from: f.month_from, month_to: f.month_to }),
      basis,
      currency,
      company: company === undefined ? undefined : f.company,
      account_type: accountType,
    },
    ordering: undefined,
    refusal: period.refusal,
  };
}

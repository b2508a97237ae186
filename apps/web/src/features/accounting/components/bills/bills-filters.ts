import { BILL_ORDERINGS, type BillListQuery } from '@app/shared/accounting/bills.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { PAYMENT_STATUSES } from '@app/shared/value-lists';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { BillListParams } from '../../api/bills/bills-keys.ts';

export const BILLS_PATH = '/accounting/supplier-invoices';

/**
 * The Bills tab in the URL, named as the API names them: `search`, `status`, `supplier`,
 * `company`, `currency`, `issue_date_after`, `issue_date_before`, `overdue=true`, `ordering`, paging.
 */
export const BILLS_LIST: ListStateOptions = {
  listPath: BILLS_PATH,
  filterKeys: [
    'status',
    'supplier',
    'company',
    'currency',
    'issue_date_after',
    'issue_date_before',
    'overdue',
  ],
  defaultOrdering: '-issue_date',
};

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], raw: string | undefined): T | undefined =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/** GET supplier-invoices/ for the tab's state; values the API would refuse are left out. */
export function billsQuery(state: ListState): BillListParams {
  const f = state.filters;
  const query: BillListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: (oneOf(BILL_ORDERINGS, state.ordering) ?? '-issue_date') as BillListQuery['ordering'],
  };
  const search = state.search.trim();
  if (search) query.search = search;
  const status = oneOf(PAYMENT_STATUSES, f.status);
  if (status) query.status = status;
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  if (currency) query.currency = currency;
  for (const key of ['supplier', 'company'] as const) {
    const raw = f[key];
    if (raw && ID.test(raw) && Number(raw) <= 2147483647) query[key] = Number(raw);
  }
  for (const key of ['issue_date_after', 'issue_date_before'] as const) {
    const raw = f[key];
    if (raw && DAY.test(raw)) query[key] = raw;
  }
  if (f.overdue === 'true') query.overdue = true;
  return query;
}

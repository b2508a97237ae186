import { VOUCHER_ORDERINGS, type VoucherListQuery } from '@app/shared/accounting/vouchers.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { PAYMENT_VOUCHER_STATUSES } from '@app/shared/value-lists';
import { idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateApi, ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { VoucherListParams } from '../../api/vouchers/vouchers-keys.ts';

/** The page both tabs live on; the vouchers tab is `?tab=vouchers`. */
export const SUPPLIER_INVOICES_PATH = '/accounting/supplier-invoices';
export const VOUCHERS_TAB = 'vouchers';

/**
 * Which vouchers by due date (`due` in the URL, absent = `week`):
 * - `week`: due by this ISO week's Sunday and not Paid, the overdue ones included (`due=this_week`);
 * - `overdue`: due before today and not Paid (`overdue=true`);
 * - `all`: every voucher, whenever due.
 */
export const VOUCHER_WINDOWS = ['week', 'overdue', 'all'] as const;
export type VoucherWindow = (typeof VOUCHER_WINDOWS)[number];
export const DEFAULT_VOUCHER_WINDOW: VoucherWindow = 'week';
export const VOUCHER_WINDOW_OPTIONS: { value: VoucherWindow; label: string }[] = [
  { value: 'week', label: 'Due this week' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'all', label: 'All' },
];

const FILTER_KEYS = ['due', 'status', 'supplier', 'currency', 'company'] as const;

/**
 * The vouchers tab in the URL: `tab=vouchers` and its filters. Its filters are saved under a key of
 * their own (not the bills'), so each tab comes back as it was left.
 */
export const VOUCHERS_LIST: ListStateOptions = {
  listPath: `${SUPPLIER_INVOICES_PATH}?tab=${VOUCHERS_TAB}`,
  filterKeys: ['tab', ...FILTER_KEYS],
  defaultOrdering: 'due_date',
};

/**
 * The list state with `tab` kept out of "is it filtered" and out of Clear filters: the tab is
 * where the person is, not a filter.
 */
export function withoutTab(list: ListStateApi): ListStateApi {
  const filtered = FILTER_KEYS.some((key) => Boolean(list.state.filters[key]));
  const reset = () =>
    list.setFilters({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])), tab: VOUCHERS_TAB });
  return { ...list, filtered, reset };
}

export function voucherWindow(state: ListState): VoucherWindow {
  return oneOf(VOUCHER_WINDOWS, state.filters.due) ?? DEFAULT_VOUCHER_WINDOW;
}

/**
 * GET payment-vouchers/ for the tab's state, always with the totals by supplier and currency
 * (`group=supplier`). Values the API would refuse (a hand-edited URL) are left out.
 */
export function vouchersQuery(state: ListState): VoucherListParams {
  const ordering = oneOf(VOUCHER_ORDERINGS, state.ordering) ?? 'due_date';
  const query: VoucherListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: ordering as VoucherListQuery['ordering'],
    group: 'supplier',
  };
  const window = voucherWindow(state);
  if (window === 'week') query.due = 'this_week';
  else if (window === 'overdue') query.overdue = true;
  const status = oneOf(PAYMENT_VOUCHER_STATUSES, state.filters.status);
  if (status) query.status = status;
  const currency = oneOf(RATE_CURRENCIES, state.filters.currency);
  if (currency) query.currency = currency;
  const supplier = idOf(state.filters.supplier);
  if (supplier !== undefined) query.supplier = supplier;
  const company = idOf(state.filters.company);
  if (company !== undefined) query.company = company;
  return query;
}

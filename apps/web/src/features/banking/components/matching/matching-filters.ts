import { BANK_LINE_TYPES } from '@app/shared/banking/transactions.schemas';
import { dayOf, idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { MatchingListParams } from '../../api/matching/matching-keys.ts';

/**
 * The Matched data list's URL: its filters, and `transaction`, the selected bank line (the
 * Transactions page and the workspace link here with it). The selection is kept in the URL and in
 * the saved filters, so coming back to the screen finds the line where it was left.
 */
export const MATCHING_LIST: ListStateOptions = {
  listPath: '/accounting/matched-data',
  filterKeys: ['bank', 'type', 'date_from', 'date_to', 'matched', 'transaction'],
  defaultOrdering: '-date',
  defaultPageSize: 50,
};

/** Filters that narrow the list (the selection is not one). */
export const MATCHING_FILTER_KEYS = ['bank', 'type', 'date_from', 'date_to', 'matched'] as const;

/** The types a bank line can be matched with (transfer legs are matched by their pair). */
export const MATCHING_TYPES = BANK_LINE_TYPES.filter((t) => !t.endsWith('-TRANSFER'));

/** The selected bank line of the URL, or null. */
export function selectedTransactionId(state: ListState): number | null {
  return idOf(state.filters.transaction) ?? null;
}

/** The list state as `GET transactions/` takes it; a hand-edited value the API would refuse is left out. */
export function matchingQuery(state: ListState): MatchingListParams {
  const { matched } = state.filters;
  const search = state.search.trim();
  const bank = idOf(state.filters.bank);
  const type = oneOf(MATCHING_TYPES, state.filters.type);
  const date_from = dayOf(state.filters.date_from);
  const date_to = dayOf(state.filters.date_to);
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: state.ordering === 'date' ? 'date' : '-date',
    ...(matched === 'true' ? {} : { match_status: 'unmatched' as const }),
    ...(search ? { search } : {}),
    ...(bank !== undefined ? { bank } : {}),
    ...(type ? { type } : {}),
    ...(date_from ? { date_from } : {}),
    ...(date_to ? { date_to } : {}),
  };
}

export function matchingFiltered(state: ListState): boolean {
  return state.search.trim() !== '' || MATCHING_FILTER_KEYS.some((key) => Boolean(state.filters[key]));
}

import { CARD_ORDERINGS, type CardListQuery } from '@app/shared/accounting/cards.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { CardListParams } from '../../api/cards/cards-keys.ts';

/**
 * The bank cards list in the URL: `search` (holder, bank, last four), `company`, `currency`,
 * `deleted=true` (the deleted cards, to restore one), `ordering` (holder, expiry, bank), paging.
 */
export const BANK_CARDS_LIST: ListStateOptions = {
  listPath: '/accounting/bank-cards',
  filterKeys: ['company', 'currency', 'deleted'],
  defaultOrdering: 'holder',
};

const ID = /^[1-9]\d{0,9}$/;

/** GET bank-cards/ for the list's state; values the API would refuse (a hand-edited URL) are left out. */
export function cardsQuery(state: ListState): CardListParams {
  const ordering = (CARD_ORDERINGS as readonly string[]).includes(state.ordering ?? '')
    ? (state.ordering as CardListQuery['ordering'])
    : 'holder';
  const query: CardListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering,
  };
  const search = state.search.trim();
  if (search) query.search = search;
  const { company, currency, deleted } = state.filters;
  if (deleted === 'true') query.archived = 'only';
  if (company && ID.test(company) && Number(company) <= 2147483647) query.company = Number(company);
  if ((RATE_CURRENCIES as readonly string[]).includes(currency ?? ''))
    query.currency = currency as CardListQuery['currency'];
  return query;
}

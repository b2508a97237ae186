import {
  COUNTERPARTY_KINDS,
  TRANSACTION_ORDERINGS,
  TRANSACTION_WAY_VALUES,
} from '@app/shared/banking/transactions.schemas';
import { TRANSACTION_MATCH_STATUSES, TRANSACTION_TYPES, TRANSACTION_WAYS } from '@app/shared/value-lists';
import { dayOf, idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { TransactionListParams } from '../../api/transactions/transactions-keys.ts';
import { transactionTypeLabel } from '../common/transaction-cells.tsx';

export const TRANSACTIONS_PATH = '/accounting/transactions';
export const TRANSACTIONS_DEFAULT_ORDERING = '-date';

/**
 * The transactions list in the URL, its parameters named as the API names them: `search`, `bank`,
 * `type`, `way`, `match_status`, `counterparty_kind` + `counterparty`, `date_from`, `date_to`,
 * `credit`, `import` (the lines of one statement), `ordering`, `page`, `page_size`. The workspace
 * opens `?match_status=unmatched`; an import's report opens `?import=<id>`.
 */
export const TRANSACTIONS_LIST: ListStateOptions = {
  listPath: TRANSACTIONS_PATH,
  filterKeys: [
    'bank',
    'type',
    'way',
    'match_status',
    'counterparty_kind',
    'counterparty',
    'date_from',
    'date_to',
    'credit',
    'import',
  ],
  defaultOrdering: TRANSACTIONS_DEFAULT_ORDERING,
};

export const TYPE_OPTIONS = TRANSACTION_TYPES.map((value) => ({ value, named: transactionTypeLabel(value) }));
export const WAY_OPTIONS = TRANSACTION_WAYS.map((w) => ({ value: w.value, named: w.label }));
export const MATCH_OPTIONS = TRANSACTION_MATCH_STATUSES.map((m) => ({ value: m.value, named: m.label }));

/**
 * GET transactions/ for the list's state. Values the API would refuse (a hand-edited URL) are
 * left out rather than sent; a counterparty without its kind means nothing and is left out too.
 */
export function transactionsQuery(state: ListState): TransactionListParams {
  const f = state.filters;
  const search = state.search.trim();
  const query: TransactionListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering:
      oneOf(TRANSACTION_ORDERINGS, state.ordering) ??
      (TRANSACTIONS_DEFAULT_ORDERING as TransactionListParams['ordering']),
  };
  if (search) query.search = search;
  const bank = idOf(f.bank);
  if (bank !== undefined) query.bank = bank;
  const type = oneOf(TRANSACTION_TYPES, f.type);
  if (type) query.type = type;
  const way = oneOf(TRANSACTION_WAY_VALUES, f.way);
  if (way) query.way = way;
  const match = oneOf(['matched', 'unmatched'] as const, f.match_status);
  if (match) query.match_status = match;
  const kind = oneOf(COUNTERPARTY_KINDS, f.counterparty_kind);
  const counterparty = idOf(f.counterparty);
  if (kind) query.counterparty_kind = kind;
  if (kind && counterparty !== undefined) query.counterparty = counterparty;
  const from = dayOf(f.date_from);
  if (from) query.date_from = from;
  const to = dayOf(f.date_to);
  if (to) query.date_to = to;
  if (f.credit === 'true') query.credit = true;
  const statement = idOf(f.import);
  if (statement !== undefined) query.import = statement;
  return query;
}

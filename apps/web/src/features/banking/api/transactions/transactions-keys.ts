import type { TransactionListQuery } from '@app/shared/banking/transactions.schemas';

/** What the Transactions list asks `GET transactions/` for: the list's state as the API names it. */
export type TransactionListParams = Partial<TransactionListQuery>;

/**
 * Query keys of bank transactions; everything lives under `['transactions']` (the matched-data
 * screen's lists too), so one invalidation refreshes every list, drawer and history after a line
 * changed. A record is `['transactions', 'detail', id]` on both screens.
 */
export const transactionsKeys = {
  all: ['transactions'] as const,
  lists: ['transactions', 'list'] as const,
  list: (params: TransactionListParams) => ['transactions', 'list', params] as const,
  detail: (id: number) => ['transactions', 'detail', id] as const,
  audit: (id: number, limit: number) => ['transactions', 'detail', id, 'audit', limit] as const,
  allocations: (id: number) => ['transactions', 'detail', id, 'allocations'] as const,
  /** The cards of one bank account (the SPEND's card picker). */
  cards: (bank: number) => ['transactions', 'cards', bank] as const,
};

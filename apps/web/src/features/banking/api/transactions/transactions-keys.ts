import type { TransactionListQuery } from '@app/shared/banking/transactions.schemas';

/** What the Transactions list asks `GET transactions/` for: the list's state as the API names it. */
export type TransactionListParams = Partial<TransactionListQuery>;

/**
 * Query keys of bank transactions; everything lives under `['bank-transactions']`, so one
 * invalidation refreshes every list, drawer and history after a line changed.
 */
export const transactionsKeys = {
  all: ['bank-transactions'] as const,
  lists: ['bank-transactions', 'list'] as const,
  list: (params: TransactionListParams) => ['bank-transactions', 'list', params] as const,
  detail: (id: number) => ['bank-transactions', 'detail', id] as const,
  audit: (id: number, limit: number) => ['bank-transactions', 'detail', id, 'audit', limit] as const,
  allocations: (id: number) => ['bank-transactions', 'detail', id, 'allocations'] as const,
  /** The cards of one bank account (the SPEND's card picker). */
  cards: (bank: number) => ['bank-transactions', 'cards', bank] as const,
};

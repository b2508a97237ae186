import type { TransactionListQuery } from '@app/shared/banking/transactions.schemas';

/** What the Matched data list asks `GET transactions/` for. */
export type MatchingListParams = Partial<TransactionListQuery>;

/** What the document search of the matching panel asks for (number or counterparty). */
export interface OpenDocumentsParams {
  direction: 'receive' | 'spend';
  search: string;
  company: number;
  /** The transaction's supplier: a voucher has no number, so vouchers are listed per supplier. */
  supplier?: number | undefined;
}

/**
 * Query keys of the Matched data screen. Bank lines live under `['transactions']` as on the
 * Transactions page, so a change here refreshes that page too.
 */
export const matchingKeys = {
  transactions: ['transactions'] as const,
  list: (params: MatchingListParams) => ['transactions', 'matching', params] as const,
  detail: (id: number) => ['transactions', 'detail', id] as const,
  documents: ['matching', 'open-documents'] as const,
  openDocuments: (params: OpenDocumentsParams) => ['matching', 'open-documents', params] as const,
};

import type { BillableLinesQuery, BillListQuery } from '@app/shared/accounting/bills.schemas';

/** What the Bills tab asks `GET supplier-invoices/` for: the list's state as the API names it. */
export type BillListParams = Partial<BillListQuery>;

/** Query keys of supplier invoices (bills); everything lives under `['supplier-invoices']`. */
export const billsKeys = {
  all: ['supplier-invoices'] as const,
  lists: ['supplier-invoices', 'list'] as const,
  list: (params: BillListParams) => ['supplier-invoices', 'list', params] as const,
  /** One bill's page: the record, its file and its history live under it. */
  detail: (id: number) => ['supplier-invoices', 'detail', id] as const,
  /** The bill's file as a Blob, per stored file (`revision` changes when the file is replaced). */
  file: (id: number, revision: string) => ['supplier-invoices', 'detail', id, 'file', revision] as const,
  audit: (id: number, limit: number) => ['supplier-invoices', 'detail', id, 'audit', limit] as const,
  /** The lines a bill may take (the new-bill and edit dialogs). */
  billableLines: (query: BillableLinesQuery) => ['supplier-invoices', 'billable-lines', query] as const,
  /** The request a bill is recorded from (its page's "Record bill"). */
  sourceRequest: (id: number) => ['supplier-invoices', 'source-request', id] as const,
  /** A supplier's currency and payment terms, for a supplier taken from a request. */
  supplier: (id: number) => ['supplier-invoices', 'supplier', id] as const,
};

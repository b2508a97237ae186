import type { BillListQuery } from '@app/shared/accounting/bills.schemas';

/** What the Bills tab asks `GET supplier-invoices/` for: the list's state as the API names it. */
export type BillListParams = Partial<BillListQuery>;

/** Query keys of supplier invoices (bills); everything lives under `['supplier-invoices']`. */
export const billsKeys = {
  all: ['supplier-invoices'] as const,
  lists: ['supplier-invoices', 'list'] as const,
  list: (params: BillListParams) => ['supplier-invoices', 'list', params] as const,
  /** One bill's page: the record, its file and its history live under it. */
  detail: (id: number) => ['supplier-invoices', 'detail', id] as const,
  /** The bill's file as a Blob, per stored file (its hash changes when the file is replaced). */
  file: (id: number, version: number) => ['supplier-invoices', 'detail', id, 'file', version] as const,
  audit: (id: number, limit: number) => ['supplier-invoices', 'detail', id, 'audit', limit] as const,
  /** What the new-bill dialog reads: requests with the supplier's lines. */
  sourceRequests: (supplier: number) => ['supplier-invoices', 'source-requests', supplier] as const,
  sourceRequest: (id: number) => ['supplier-invoices', 'source-request', id] as const,
};

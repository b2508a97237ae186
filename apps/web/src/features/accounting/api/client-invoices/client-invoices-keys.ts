import type { InvoiceListQuery } from '@app/shared/accounting/invoices.schemas';

/** What the list page asks `GET client-invoices/` for: the list's state as the API names it. */
export type ClientInvoiceListParams = Partial<InvoiceListQuery>;

/** Query keys of client invoices; everything lives under `['client-invoices']`. */
export const clientInvoicesKeys = {
  all: ['client-invoices'] as const,
  lists: ['client-invoices', 'list'] as const,
  list: (params: ClientInvoiceListParams) => ['client-invoices', 'list', params] as const,
  detail: (id: number) => ['client-invoices', 'detail', id] as const,
  /** The invoice's PDF as a Blob (shown in the page's frame); made from immutable rows, so kept apart. */
  pdf: (id: number) => ['client-invoices', 'pdf', id] as const,
  audit: (id: number) => ['client-invoices', 'detail', id, 'audit'] as const,
  /** What the new-invoice dialog reads: a request with its lines, a client's terms. */
  request: (id: number) => ['client-invoices', 'source-request', id] as const,
  client: (id: number) => ['client-invoices', 'client', id] as const,
  /** Which live invoice holds each line of a request (the dialog's "Invoiced on …"). */
  invoicedLines: (requestId: number) => ['client-invoices', 'invoiced-lines', requestId] as const,
};

import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type ClientInvoiceListParams, clientInvoicesKeys } from './client-invoices-keys.ts';

/** GET client-invoices/: one page of invoices and credit notes and its total. */
export function listClientInvoices(
  params: ClientInvoiceListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<InvoiceListItem>> {
  return http.get<DirectoryListResult<InvoiceListItem>>('client-invoices/', { query: { ...params }, signal });
}

/** The previous page stays on screen, dimmed, while the next one loads. */
export function useClientInvoices(params: ClientInvoiceListParams) {
  return useQuery({
    queryKey: clientInvoicesKeys.list(params),
    queryFn: ({ signal }) => listClientInvoices(params, signal),
    placeholderData: keepPreviousData,
  });
}

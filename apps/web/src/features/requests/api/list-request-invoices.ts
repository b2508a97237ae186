import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/** A request has a handful of documents; the section lists this many and links to the full list. */
export const REQUEST_DOCUMENTS_SHOWN = 50;

/**
 * GET client-invoices/?request=: the request's invoices and credit notes, newest first. Read here
 * (not through the accounting feature: a feature imports only itself); a failure is the section's
 * to show, so it does not toast.
 */
export function listRequestInvoices(
  requestId: number,
  signal?: AbortSignal,
): Promise<DirectoryListResult<InvoiceListItem>> {
  return http.get<DirectoryListResult<InvoiceListItem>>('client-invoices/', {
    query: { request: requestId, limit: REQUEST_DOCUMENTS_SHOWN, ordering: '-issue_date' },
    signal,
    quiet: true,
  });
}

export function useRequestInvoices(requestId: number) {
  return useQuery({
    queryKey: requestsKeys.invoices(requestId),
    queryFn: ({ signal }) => listRequestInvoices(requestId, signal),
    retry: false,
  });
}

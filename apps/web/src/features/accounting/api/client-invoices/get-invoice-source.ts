import type { Client } from '@app/shared/directory/index';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { clientInvoicesKeys } from './client-invoices-keys.ts';

/**
 * GET requests/{id}/: the request an invoice is issued from, with its lines and their statuses.
 * Read here rather than through the requests feature (a feature imports only itself).
 */
export async function getInvoiceSourceRequest(id: number, signal?: AbortSignal): Promise<RequestRecord> {
  return (await http.get<{ data: RequestRecord }>(`requests/${id}/`, { signal, quiet: [404] })).data;
}

export function useInvoiceSourceRequest(id: number | null) {
  return useQuery({
    queryKey: clientInvoicesKeys.request(id ?? 0),
    queryFn: ({ signal }) => getInvoiceSourceRequest(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

/** The client as the dialog needs it: its e-mail and its payment terms (days from issue to due). */
export type InvoiceClient = Client & { payment_terms_days?: number | null };

/** GET clients/{id}/. */
export async function getInvoiceClient(id: number, signal?: AbortSignal): Promise<InvoiceClient> {
  return (await http.get<{ data: InvoiceClient }>(`clients/${id}/`, { signal })).data;
}

export function useInvoiceClient(id: number | null) {
  return useQuery({
    queryKey: clientInvoicesKeys.client(id ?? 0),
    queryFn: ({ signal }) => getInvoiceClient(id as number, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

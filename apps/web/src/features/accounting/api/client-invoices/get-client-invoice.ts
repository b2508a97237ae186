import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { clientInvoicesKeys } from './client-invoices-keys.ts';

/** GET client-invoices/{id}/: the document with its lines, credit notes and applications. */
export async function getClientInvoice(id: number, signal?: AbortSignal): Promise<InvoiceRecord> {
  return (await http.get<{ data: InvoiceRecord }>(`client-invoices/${id}/`, { signal, quiet: [403, 404] }))
    .data;
}

export function useClientInvoice(id: number | null) {
  return useQuery({
    queryKey: clientInvoicesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getClientInvoice(id as number, signal),
    enabled: id !== null && id > 0,
    // the note is saved with the version: start from the stored one
    staleTime: 0,
    retry: false,
  });
}

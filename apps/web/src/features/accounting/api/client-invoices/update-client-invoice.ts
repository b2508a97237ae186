import type { InvoiceRecord, UpdateInvoiceBody } from '@app/shared/accounting/invoices.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useClientInvoiceMutation } from './client-invoice-mutation.ts';

/** PATCH client-invoices/{id}/: the internal note only (the document itself is immutable). */
export async function updateClientInvoice(id: number, body: UpdateInvoiceBody): Promise<InvoiceRecord> {
  return (
    await http.patch<{ data: InvoiceRecord }>(`client-invoices/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useUpdateClientInvoice(id: number) {
  return useClientInvoiceMutation(
    (body: UpdateInvoiceBody) => updateClientInvoice(id, body),
    () => [id],
  );
}

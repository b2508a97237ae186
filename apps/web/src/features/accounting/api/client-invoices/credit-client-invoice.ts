import type { CreditNoteBody, InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useClientInvoiceMutation } from './client-invoice-mutation.ts';

/** POST client-invoices/{id}/credit-note/: answers the new credit note. */
export async function creditClientInvoice(id: number, body: CreditNoteBody): Promise<InvoiceRecord> {
  return (
    await http.post<{ data: InvoiceRecord }>(`client-invoices/${id}/credit-note/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useCreditClientInvoice(id: number) {
  return useClientInvoiceMutation(
    (body: CreditNoteBody) => creditClientInvoice(id, body),
    (note) => [id, note.id],
  );
}

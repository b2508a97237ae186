import type { InvoiceSent } from '@app/shared/accounting/invoice-documents.schemas';
import type { SendInvoiceBody } from '@app/shared/accounting/invoices.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useClientInvoiceMutation } from './client-invoice-mutation.ts';

/**
 * POST client-invoices/{id}/send/: e-mails the PDF; the first sending makes it Sent. Answers what
 * changed (sent_at, sent_to, version); the page reads the record again.
 */
export async function sendClientInvoice(id: number, body: SendInvoiceBody): Promise<InvoiceSent> {
  return (
    await http.post<{ data: InvoiceSent }>(`client-invoices/${id}/send/`, body, { fieldErrors: 'inline' })
  ).data;
}

export function useSendClientInvoice(id: number) {
  return useClientInvoiceMutation(
    (body: SendInvoiceBody) => sendClientInvoice(id, body),
    () => [id],
  );
}

import type { InvoiceRecord, IssueInvoiceBody } from '@app/shared/accounting/invoices.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useClientInvoiceMutation } from './client-invoice-mutation.ts';

/**
 * POST client-invoices/: issue an invoice from Confirmed lines. Field messages (dates, lines, note)
 * are the dialog's to show; a refused rule (a line invoiced meanwhile, no income account) toasts.
 */
export async function issueClientInvoice(body: IssueInvoiceBody): Promise<InvoiceRecord> {
  return (await http.post<{ data: InvoiceRecord }>('client-invoices/', body, { fieldErrors: 'inline' })).data;
}

export function useIssueClientInvoice() {
  return useClientInvoiceMutation(issueClientInvoice, (invoice) => [invoice.id]);
}

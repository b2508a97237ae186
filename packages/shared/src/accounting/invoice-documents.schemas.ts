import { z } from 'zod';

/**
 * `POST client-invoices/{id}/send/` answers what the sending changed: the first sending's time
 * (`sent_at`, kept on later sendings), the last address (`sent_to`) and the new `version`. The
 * full record is `GET client-invoices/{id}/`. The body is `SendInvoiceBodySchema`.
 */
export const InvoiceSentSchema = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  sent_to: z.string(),
  version: z.number().int(),
});
export type InvoiceSent = z.infer<typeof InvoiceSentSchema>;

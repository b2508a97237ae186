import {
  ACCOUNTING_ACCESS,
  envelope,
  IdParamsSchema,
  InvoiceSentSchema,
  SendInvoiceBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { createInvoiceDocumentsService } from './invoice-documents.service.ts';

const tags = ['client-invoices'];
const access = { access: ACCOUNTING_ACCESS };

/** An invoice's PDF and its sending by email (decision 0010, "PDF" and "Sending"). */
export async function invoiceDocumentsRoutes(app: App, core: Core): Promise<void> {
  const documents = createInvoiceDocumentsService({ db: core.db, mailer: core.mailer });

  app.get(
    '/client-invoices/:id/pdf/',
    {
      config: access,
      schema: {
        tags,
        description: 'The invoice or credit note as a PDF (application/pdf), made afresh from its rows.',
        params: IdParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await documents.pdf(request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/client-invoices/:id/send/',
    {
      config: access,
      schema: {
        tags,
        description:
          "Emails the PDF to `to`, else the client's address. `sent_at` is the first sending; the full record is GET client-invoices/{id}/.",
        params: IdParamsSchema,
        body: SendInvoiceBodySchema,
        response: { 200: envelope(InvoiceSentSchema) },
      },
    },
    async (request) => ({ data: await documents.send(ctxOf(request), request.params.id, request.body) }),
  );
}

import {
  ACCOUNTING_ACCESS,
  CreditNoteBodySchema,
  envelope,
  IdParamsSchema,
  InvoiceListQuerySchema,
  InvoiceRecordSchema,
  IssueInvoiceBodySchema,
  invoiceListEnvelope,
  UpdateInvoiceBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { lineInvoicing } from '../requests/requests.invoicing.ts';
import { createInvoicesService, INVOICE_ENTITY } from './invoices.service.ts';

const tags = ['client-invoices'];
const access = { access: ACCOUNTING_ACCESS };
const record = envelope(InvoiceRecordSchema);

/** Client invoices and credit notes: list, record, issue, internal note, credit (decision 0010). */
export async function invoicesRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(INVOICE_ENTITY, ACCOUNTING_ACCESS);
  const rates = createRatesService({ db: core.db });
  const invoices = createInvoicesService({ db: core.db, rates, invoicing: lineInvoicing(rates) });

  app.get(
    '/client-invoices/',
    {
      config: access,
      schema: { tags, querystring: InvoiceListQuerySchema, response: { 200: invoiceListEnvelope } },
    },
    async (request) => invoices.list(request.query),
  );

  app.get(
    '/client-invoices/:id/',
    { config: access, schema: { tags, params: IdParamsSchema, response: { 200: record } } },
    async (request) => ({ data: await invoices.get(request.params.id) }),
  );

  app.post(
    '/client-invoices/',
    { config: access, schema: { tags, body: IssueInvoiceBodySchema, response: { 201: record } } },
    async (request, reply) =>
      reply.status(201).send({ data: await invoices.issue(ctxOf(request), request.body) }),
  );

  app.patch(
    '/client-invoices/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: UpdateInvoiceBodySchema, response: { 200: record } },
    },
    async (request) => ({ data: await invoices.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/client-invoices/:id/credit-note/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: CreditNoteBodySchema, response: { 201: record } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await invoices.credit(ctxOf(request), request.params.id, request.body) }),
  );
}

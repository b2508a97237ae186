import {
  ACCOUNTING_ACCESS,
  RegisterExportQuerySchema,
  RegisterQuerySchema,
  RegisterTotalsQuerySchema,
  registerListEnvelope,
  registerTotalsEnvelope,
} from '@app/shared';
import type { Core } from '../../platform/core.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { registerExportTable } from './register.export.ts';
import { createRegisterService } from './register.service.ts';

const tags = ['invoices-and-bills'];
const read = { access: ACCOUNTING_ACCESS };

/** Invoices & Bills: the register list, its totals and export (decision 0010). */
export async function registerRoutes(app: App, core: Core): Promise<void> {
  const register = createRegisterService({ db: core.db });

  app.get(
    '/invoices-and-bills/',
    {
      config: read,
      schema: { tags, querystring: RegisterQuerySchema, response: { 200: registerListEnvelope } },
    },
    async (request) => register.list(request.query),
  );

  app.get(
    '/invoices-and-bills/totals/',
    {
      config: read,
      schema: { tags, querystring: RegisterTotalsQuerySchema, response: { 200: registerTotalsEnvelope } },
    },
    async (request) => ({ data: await register.totals(request.query) }),
  );

  app.get(
    '/invoices-and-bills/export/',
    {
      config: read,
      schema: {
        tags,
        querystring: RegisterExportQuerySchema,
        produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const query = request.query;
      // Awaited before any header: a failing first page is an error answer, not a cut download.
      const stream = await openExportStream(registerExportTable(register, query), query.format, (err) =>
        request.log.error({ err, area: 'invoices-and-bills' }, 'export failed'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', CONTENT_TYPES[query.format])
        .header('Content-Disposition', `attachment; filename="invoices-and-bills-${day}.${query.format}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

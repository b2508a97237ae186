import {
  CLIENTS_REPORT_ACCESS,
  CLIENTS_REPORT_BALANCES_ACCESS,
  ClientsReportQuerySchema,
  ClientsReportSchema,
  canAccess,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { createBalancesService } from '../banking/balances.service.ts';
import { clientsReportExportTable } from './clients-report.export.ts';
import { createClientsReportService } from './clients-report.service.ts';

const tags = ['reports'];

/**
 * `GET reports/clients/` (decision 0012): everyone signed in, every client, as the clients list
 * (spec 2.2); open balance and credit only for CLIENTS_REPORT_BALANCES_ACCESS. With
 * `format=csv|xlsx` the whole report as a file, in the same order.
 */
export async function clientsReportRoutes(app: App, core: Core): Promise<void> {
  const report = createClientsReportService({
    db: core.db,
    balances: createBalancesService({ db: core.db }),
  });

  app.get(
    '/reports/clients/',
    {
      config: { access: CLIENTS_REPORT_ACCESS },
      schema: {
        tags,
        querystring: ClientsReportQuerySchema,
        response: { 200: ClientsReportSchema },
        produces: ['application/json', CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const { format, limit: _limit, offset: _offset, ...filter } = request.query;
      const viewer = { balances: canAccess(ctxOf(request).user, CLIENTS_REPORT_BALANCES_ACCESS) };
      if (!format) return report.report(request.query, viewer);
      // Awaited before any header: a failing first page is an error answer, not a cut download.
      const stream = await openExportStream(clientsReportExportTable(report, filter, viewer), format, (err) =>
        request.log.error({ err, area: 'clients-report' }, 'export failed'),
      );
      const { month_from, month_to } = report.period(filter);
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header(
          'Content-Disposition',
          `attachment; filename="clients-report-${month_from}-${month_to}.${format}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(stream as never); // a stream is sent as it is, past the JSON schema
    },
  );
}

import {
  DebtsCellQuerySchema,
  DebtsReportQuerySchema,
  debtsCellEnvelope,
  debtsReportEnvelope,
  FINANCE_REPORTS_ACCESS,
} from '@app/shared';
import type { Core } from '../../platform/core.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { debtsExportTable } from './debts-report.export.ts';
import { createDebtsReportService } from './debts-report.service.ts';

const tags = ['reports'];
const read = { access: FINANCE_REPORTS_ACCESS };

/** Debts (ageing as of a day, decision 0012): the report, its download and the documents behind a cell. */
export async function debtsReportRoutes(app: App, core: Core): Promise<void> {
  const debts = createDebtsReportService({ db: core.db, rates: createRatesService({ db: core.db }) });

  app.get(
    '/reports/debts/',
    {
      config: read,
      schema: {
        tags,
        querystring: DebtsReportQuerySchema,
        response: { 200: debtsReportEnvelope },
        produces: ['application/json', CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (!query.format) return { data: await debts.report(query) };
      // Awaited before any header: a failing query is an error answer, not a cut download.
      const stream = await openExportStream(debtsExportTable(debts, query), query.format, (err) =>
        request.log.error({ err, area: 'reports/debts' }, 'export failed'),
      );
      const day = query.as_of ?? new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[query.format])
          .header('Content-Disposition', `attachment; filename="debts-${query.side}-${day}.${query.format}"`)
          .header('Cache-Control', 'no-store')
          // a stream is piped, never serialised: the JSON schema above does not apply to it
          .send(stream as never)
      );
    },
  );

  app.get(
    '/reports/debts/cell/',
    {
      config: read,
      schema: { tags, querystring: DebtsCellQuerySchema, response: { 200: debtsCellEnvelope } },
    },
    async (request) => debts.cell(request.query),
  );
}

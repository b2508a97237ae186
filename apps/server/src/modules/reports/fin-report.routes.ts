import {
  FINANCE_REPORTS_ACCESS,
  FinReportExceptionsQuerySchema,
  FinReportQuerySchema,
  finReportEnvelope,
  finReportExceptionsEnvelope,
} from '@app/shared';
import type { Core } from '../../platform/core.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { finReportExportTable } from './fin-report.export.ts';
import { createFinReportService } from './fin-report.service.ts';
import { createVatRatesService } from './vat-rates.service.ts';

const tags = ['reports'];
const read = { access: FINANCE_REPORTS_ACCESS };

/** Fin-Report (TOMS), decision 0012: the report (or its file with `format`) and its exception pages. */
export async function finReportRoutes(app: App, core: Core): Promise<void> {
  const finReport = createFinReportService({ db: core.db, vatRates: createVatRatesService({ db: core.db }) });

  app.get(
    '/reports/fin-report/',
    {
      config: read,
      schema: {
        tags,
        querystring: FinReportQuerySchema,
        response: { 200: finReportEnvelope },
        produces: ['application/json', CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const report = await finReport.report(filter);
      if (!format) return { data: report };
      const stream = await openExportStream(finReportExportTable(report), format, (err) =>
        request.log.error({ err, area: 'fin-report' }, 'export failed'),
      );
      const name = `fin-report-${filter.month_from}-${filter.month_to}-${filter.basis}.${format}`;
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          // a stream is sent as it is, never through the JSON schema of the report
          .send(stream as never)
      );
    },
  );

  app.get(
    '/reports/fin-report/exceptions/',
    {
      config: read,
      schema: {
        tags,
        querystring: FinReportExceptionsQuerySchema,
        response: { 200: finReportExceptionsEnvelope },
      },
    },
    async (request) => finReport.exceptions(request.query),
  );
}

import { FINANCE_REPORTS_ACCESS, LogReportQuerySchema, LogReportSchema } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { logReportExportTable } from './log-report.export.ts';
import { createLogReportService, logReportFilterOf } from './log-report.service.ts';

const tags = ['reports'];

/** LOG-report (decision 0012): the page and summary as JSON, or with `format` the whole report as a file. */
export async function logReportRoutes(app: App, core: Core): Promise<void> {
  const report = createLogReportService({ db: core.db });

  app.get(
    '/reports/log-report/',
    {
      config: { access: FINANCE_REPORTS_ACCESS },
      schema: {
        tags,
        querystring: LogReportQuerySchema,
        produces: ['application/json', CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
        response: { 200: LogReportSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return report.report(query);
      // Awaited before any header: a failing first page is an error answer, not a cut download.
      const stream = await openExportStream(
        logReportExportTable(report, logReportFilterOf(query)),
        format,
        (err) => request.log.error({ err, area: 'log-report' }, 'export failed'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename="log-report-${day}.${format}"`)
          .header('Cache-Control', 'no-store')
          // A stream is sent as it is: the JSON schema above serializes the report, never the file.
          .send(stream as never)
      );
    },
  );
}

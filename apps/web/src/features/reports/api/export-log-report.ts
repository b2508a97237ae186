import type { ExportFormat } from '@app/shared';
import { downloadReport } from './download-report.ts';
import type { LogReportParams } from './log-report-keys.ts';

/** GET reports/log-report/?format=csv|xlsx: the whole filtered report in its order, not one page. */
export function exportLogReport(params: LogReportParams, format: ExportFormat): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadReport('reports/log-report/', params, format, `log-report-${day}.${format}`);
}

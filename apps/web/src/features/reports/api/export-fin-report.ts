import type { ExportFormat } from '@app/shared';
import { downloadReport } from './download-report.ts';
import type { FinReportParams } from './fin-report-keys.ts';

/** GET reports/fin-report/?format=csv|xlsx: the report's table (company, month, account type) as a file. */
export function exportFinReport(params: FinReportParams, format: ExportFormat): Promise<void> {
  const name = `fin-report-${params.month_from}-${params.month_to}.${format}`;
  return downloadReport('reports/fin-report/', params, format, name);
}

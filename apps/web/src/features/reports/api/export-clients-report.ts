import type { ExportFormat } from '@app/shared';
import type { ClientsReportParams } from './clients-report-keys.ts';
import { downloadReport } from './download-report.ts';

/** GET reports/clients/?format=csv|xlsx: every client the filters match, in the report's order. */
export function exportClientsReport(params: ClientsReportParams, format: ExportFormat): Promise<void> {
  const name = `clients-report-${params.month_from}-${params.month_to}.${format}`;
  return downloadReport('reports/clients/', params, format, name);
}

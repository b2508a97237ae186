import type { ExportFormat } from '@app/shared';
import { downloadFile } from '../../../lib/http/download-file.ts';
import type { ClientsReportParams } from './clients-report-keys.ts';

/** GET reports/clients/?format=csv|xlsx: every client the filters match, in the report's order. */
export function exportClientsReport(params: ClientsReportParams, format: ExportFormat): Promise<void> {
  const { limit: _limit, offset: _offset, ...filter } = params;
  return downloadFile(
    'reports/clients/',
    { ...filter, format },
    `clients-report-${params.month_from}-${params.month_to}.${format}`,
  );
}

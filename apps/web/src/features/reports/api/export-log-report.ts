import { downloadFile } from '../../../lib/http/download-file.ts';
import type { ExportFormat } from '../../../ui/list/export-menu.tsx';
import type { LogReportParams } from './log-report-keys.ts';

/** GET reports/log-report/?format=csv|xlsx: the whole filtered report in its order, not one page. */
export function exportLogReport(format: ExportFormat, params: LogReportParams) {
  const { limit: _limit, offset: _offset, ...filters } = params;
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile('reports/log-report/', { ...filters, format }, `log-report-${day}.${format}`);
}

import type { ExportFormat } from '@app/shared';
import { downloadFile } from '../../../lib/http/download-file.ts';
import type { DebtsReportParams } from './debts-report-keys.ts';

/** GET reports/debts/?format=csv|xlsx: every row the filters match, in the report's order. */
export function exportDebtsReport(
  params: DebtsReportParams,
  format: ExportFormat,
  asOf: string,
): Promise<void> {
  const { limit: _limit, offset: _offset, ...filter } = params;
  return downloadFile('reports/debts/', { ...filter, format }, `debts-${params.side}-${asOf}.${format}`);
}

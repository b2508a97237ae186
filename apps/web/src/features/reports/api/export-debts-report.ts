import type { ExportFormat } from '@app/shared';
import type { DebtsReportParams } from './debts-report-keys.ts';
import { downloadReport } from './download-report.ts';

/** GET reports/debts/?format=csv|xlsx: every row the filters match, in the report's order. */
export function exportDebtsReport(params: DebtsReportParams, format: ExportFormat): Promise<void> {
  const name = `debts-${params.side}-${params.as_of ?? 'today'}.${format}`;
  return downloadReport('reports/debts/', params, format, name);
}

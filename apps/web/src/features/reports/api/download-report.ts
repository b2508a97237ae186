import type { ExportFormat } from '@app/shared';
import { downloadFile } from '../../../lib/http/download-file.ts';
import type { RequestOptions } from '../../../lib/http/http-client.ts';

type ReportQuery = NonNullable<RequestOptions['query']>;

/**
 * `GET {path}?…&format=csv|xlsx`: every row the report's filters match, in its order, as a file.
 * The page's paging (`limit`, `offset`) is left out: the file is the whole report, not one page.
 */
export function downloadReport(
  path: string,
  params: ReportQuery,
  format: ExportFormat,
  fallbackName: string,
): Promise<void> {
  const { limit: _limit, offset: _offset, ...filters } = params;
  return downloadFile(path, { ...filters, format }, fallbackName);
}

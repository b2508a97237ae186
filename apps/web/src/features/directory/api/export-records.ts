import type { ExportFormat } from '@app/shared/directory/index';
import { downloadFile } from '../../../lib/http/download-file.ts';
import type { DirectoryArea } from './directory-areas.ts';

/** GET /{area}/export/?format=csv|xlsx with the list's filters and ordering: every matching row. */
export function exportRecords(
  area: DirectoryArea,
  format: ExportFormat,
  filters: Record<string, string | number>,
) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(`${area}/export/`, { ...filters, format }, `${area}-${day}.${format}`);
}

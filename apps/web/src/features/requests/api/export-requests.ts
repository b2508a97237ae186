import { downloadFile } from '../../../lib/http/download-file.ts';
import type { ExportFormat } from '../../../ui/list/export-menu.tsx';

/** GET requests/export/?format=csv|xlsx with the list's filters and ordering: every matching row (at most 10,000). */
export function exportRequests(
  format: ExportFormat,
  filters: Record<string, string | number>,
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile('requests/export/', { ...filters, format }, `requests-${day}.${format}`);
}

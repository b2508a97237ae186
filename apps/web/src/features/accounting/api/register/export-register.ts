import { downloadFile } from '../../../../lib/http/download-file.ts';
import type { ExportFormat } from '../../../../ui/list/export-menu.tsx';

/** GET invoices-and-bills/export/?format=csv|xlsx with the list's filters and ordering (at most 10,000 rows). */
export function exportRegister(format: ExportFormat, filters: Record<string, string | number | boolean>) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(
    'invoices-and-bills/export/',
    { ...filters, format },
    `invoices-and-bills-${day}.${format}`,
  );
}

import { errorToToasts } from '../../../lib/http/error-toast.ts';
import { apiUrl } from '../../../lib/http/http-client.ts';
import { loadingCounter } from '../../../lib/http/loading-counter.ts';
import { getAccessToken } from '../../../lib/session/access-token.ts';
import type { ExportFormat } from '../../../ui/list/export-menu.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';

/** `attachment; filename="requests-2026-05-01.csv"` -> `requests-2026-05-01.csv`. */
function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * GET requests/export/?format=csv|xlsx with the list's filters and ordering: every matching row
 * (at most 10,000). The body is read as a Blob (the shared client reads JSON or text, which would
 * corrupt an XLSX), with the same headers, loading bar and error toasts as every other call.
 */
export async function exportRequests(
  format: ExportFormat,
  filters: Record<string, string | number>,
): Promise<void> {
  const url = apiUrl('requests/export/', { ...filters, format });
  const fallback = `requests-${new Date().toISOString().slice(0, 10)}.${format}`;
  const stop = loadingCounter.start();
  try {
    const headers: Record<string, string> = {};
    const token = getAccessToken();
    if (token) headers.Authorization = `Token ${token}`;
    const response = await fetch(url, { headers, credentials: 'same-origin' });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const toasts = errorToToasts({ status: response.status, url, body, message: response.statusText });
      if (toasts.length === 0) toast.error('The file could not be downloaded.', `${response.status} error`);
      for (const item of toasts) toast.error(item.message, item.title);
      return;
    }
    const blob = await response.blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = filenameFrom(response.headers.get('Content-Disposition'), fallback);
    document.body.append(link);
    link.click();
    link.remove();
    // the click has handed the blob to the browser's download manager
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  } catch {
    toast.error('The file could not be downloaded.', 'Network error');
  } finally {
    stop();
  }
}

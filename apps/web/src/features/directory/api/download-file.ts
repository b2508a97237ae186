import { errorToToasts } from '../../../lib/http/error-toast.ts';
import { apiUrl, type QueryValue } from '../../../lib/http/http-client.ts';
import { loadingCounter } from '../../../lib/http/loading-counter.ts';
import { getAccessToken } from '../../../lib/session/access-token.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';

/** `attachment; filename="clients-2026-05-01.csv"` -> `clients-2026-05-01.csv`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file the API builds (exports). The shared HTTP client reads answers as JSON or text,
 * which would corrupt an XLSX, so this reads the body as a Blob with the same headers and the
 * same error toasts (spec 8).
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  const url = apiUrl(path, query);
  const stop = loadingCounter.start();
  try {
    const headers: Record<string, string> = {};
    const token = getAccessToken();
    if (token) headers.Authorization = `Token ${token}`;
    const response = await fetch(url, { headers, credentials: 'same-origin' });
    if (!response.ok) {
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      const toasts = errorToToasts({ status: response.status, url, body, message: response.statusText });
      if (toasts.length === 0) toast.error('The file could not be downloaded.', `${response.status} error`);
      for (const item of toasts) toast.error(item.message, item.title);
      return;
    }
    const blob = await response.blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = filenameFrom(response.headers.get('Content-Disposition'), fallbackName);
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

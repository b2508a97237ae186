import { toast } from '../../ui/toasts/toast-store.ts';
import { getAccessToken } from '../session/access-token.ts';
import { errorToToasts } from './error-toast.ts';
import { apiUrl, type RequestOptions } from './http-client.ts';
import { HttpError } from './http-error.ts';
import { loadingCounter } from './loading-counter.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from './xsrf.ts';

/** `attachment; filename="clients-2026-05-01.csv"` (or `filename*=UTF-8''...`) -> the name. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

export interface FileRequest {
  /** Relative to `/api/v1`, as the HTTP client takes it. */
  path: string;
  query?: RequestOptions['query'];
  /** A POST sends `body` as JSON with the XSRF header. */
  method?: 'GET' | 'POST';
  body?: unknown;
  accept?: string;
  /** The name to save under when the answer has no `Content-Disposition` name. */
  fallbackName: string;
  /** What the failure toasts call it: 'The {what} could not be downloaded.' @default 'file' */
  what?: string;
}

/** Hands a Blob to the browser's download manager under a name. */
function save(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the browser's download manager
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/**
 * Fetches a file the API builds (an export, a PDF) and saves it. The shared HTTP client reads
 * answers as JSON or text, which would corrupt an XLSX or a PDF, so this reads the body as a Blob
 * with the same headers (token, XSRF), loading bar and error toasts (spec 8). A failure is toasted
 * and thrown as an HttpError (status 0: the network failed).
 */
export async function fetchFile(request: FileRequest): Promise<void> {
  const { path, query, method = 'GET', body, accept, fallbackName, what = 'file' } = request;
  const url = apiUrl(path, query);
  const failed = `The ${what} could not be downloaded.`;
  const stop = loadingCounter.start();
  try {
    const headers: Record<string, string> = {};
    if (accept) headers.Accept = accept;
    const token = getAccessToken();
    if (token) headers.Authorization = `Token ${token}`;
    if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
    } catch {
      toast.error(failed, 'Network error');
      throw new HttpError(0, 'Network error', url, null);
    }
    if (!response.ok) {
      const answer: unknown = await response.json().catch(() => null);
      const toasts = errorToToasts({
        status: response.status,
        url,
        body: answer,
        message: response.statusText,
      });
      if (toasts.length === 0) toast.error(failed, `${response.status} error`);
      for (const item of toasts) toast.error(item.message, item.title);
      throw new HttpError(response.status, response.statusText, url, answer);
    }
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch {
      toast.error(failed, 'Network error');
      throw new HttpError(0, 'Network error', url, null);
    }
    save(blob, filenameFrom(response.headers.get('Content-Disposition'), fallbackName));
  } finally {
    stop();
  }
}

/**
 * `GET {path}?{query}` saved as a file, for an Export menu: a failure has been toasted, so it
 * resolves rather than rejects.
 */
export async function downloadFile(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
): Promise<void> {
  await fetchFile({ path, query, fallbackName }).catch(() => undefined);
}

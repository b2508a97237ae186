import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { apiUrl } from '../http/http-client.ts';
import { HttpError } from '../http/http-error.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../http/xsrf.ts';
import { getAccessToken } from '../session/access-token.ts';

export const UPLOAD_PATH = 'documents/files/';

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * POST documents/files/ with one file, through XMLHttpRequest so the upload's progress can be
 * shown (fetch reports none). The same headers as the HTTP client (token, XSRF); no toast: the
 * upload list says what went wrong beside the file. Rejects with an HttpError (status 0: the
 * network failed or the server closed the connection), or a DOMException 'AbortError' when
 * `signal` aborts.
 */
export function uploadDocument(
  folder: number,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DocumentFile> {
  const url = apiUrl(UPLOAD_PATH);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = (body as { data?: DocumentFile[] } | null)?.data?.[0];
        if (data) resolve(data);
        else reject(new HttpError(xhr.status, 'Unexpected answer', url, body));
        return;
      }
      reject(new HttpError(xhr.status, xhr.statusText, url, body));
    };
    xhr.onerror = () => reject(new HttpError(0, 'Network error', url, null));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was canceled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    // the folder first, so the server knows where the file goes before its bytes arrive
    form.append('folder', String(folder));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

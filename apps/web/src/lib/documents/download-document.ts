import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../ui/toasts/toast-store.ts';
import { apiUrl } from '../http/http-client.ts';
import { errorDetail, HttpError } from '../http/http-error.ts';
import { loadingCounter } from '../http/loading-counter.ts';
import { getAccessToken } from '../session/access-token.ts';
import { documentsKeys } from './documents-keys.ts';

export const downloadPath = (id: number) => `documents/files/${id}/download/`;

/**
 * GET documents/files/{id}/download/ as a Blob (`inline`: the preview's answer, for images and
 * PDFs). The API takes the token in a header, which a link, an `<img>` or an `<iframe>` cannot
 * send, so the file is fetched and shown or saved from an object URL.
 */
export async function fetchDocument(
  file: Pick<DocumentFile, 'id'>,
  options: { inline?: boolean; signal?: AbortSignal } = {},
): Promise<Blob> {
  const url = apiUrl(downloadPath(file.id), options.inline ? { inline: true } : {});
  const stop = loadingCounter.start();
  try {
    const token = getAccessToken();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: token ? { Authorization: `Token ${token}` } : {},
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new HttpError(0, 'Network error', url, null);
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new HttpError(response.status, response.statusText, url, body);
    }
    return await response.blob();
  } finally {
    stop();
  }
}

/** Why a download or preview failed, in words for the person. */
export function documentFetchProblem(error: unknown, name: string): string {
  if (error instanceof HttpError) {
    if (error.status === 0) return `“${name}” could not be fetched: the network failed. Try again.`;
    if (error.status === 404) return errorDetail(error) ?? `“${name}” no longer exists: someone deleted it.`;
    return errorDetail(error) ?? `“${name}” could not be fetched (${error.status} error).`;
  }
  return `“${name}” could not be fetched. Try again.`;
}

/** Hands a Blob to the browser's download manager under the file's name. */
function save(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** Saves a file under its name; a failure is toasted with the server's words (a missing file says so). */
export async function downloadDocument(file: Pick<DocumentFile, 'id' | 'name'>): Promise<void> {
  try {
    save(await fetchDocument(file), file.name);
  } catch (error) {
    toast.error(documentFetchProblem(error, file.name), 'Download failed');
  }
}

/** The file's inline answer for the preview, fetched once per version of the file. */
export function useDocumentPreview(file: DocumentFile | null) {
  return useQuery({
    queryKey: documentsKeys.preview(file?.id ?? 0, file ? `${file.content_hash}|${file.updated_at}` : ''),
    queryFn: ({ signal }) => fetchDocument(file as DocumentFile, { inline: true, signal }),
    enabled: file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

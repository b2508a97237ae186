import { useQuery } from '@tanstack/react-query';
import { fetchFile } from '../../../../lib/http/download-file.ts';
import { apiUrl } from '../../../../lib/http/http-client.ts';
import { HttpError } from '../../../../lib/http/http-error.ts';
import { getAccessToken } from '../../../../lib/session/access-token.ts';
import { clientInvoicesKeys } from './client-invoices-keys.ts';

const pdfPath = (id: number) => `client-invoices/${id}/pdf/`;

/**
 * GET client-invoices/{id}/pdf/ as a Blob. The API takes its token in a header, which a frame's
 * `src` cannot send, so the page fetches the file and frames a `blob:` address of it. A failure is
 * the page's to show (no toast): the rest of the page still works.
 */
export async function getClientInvoicePdf(id: number, signal?: AbortSignal): Promise<Blob> {
  const url = apiUrl(pdfPath(id));
  const token = getAccessToken();
  const response = await fetch(url, {
    headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Token ${token}` } : {}) },
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new HttpError(response.status, response.statusText, url, null);
  const blob = await response.blob();
  // the frame shows the browser's PDF viewer only for a blob typed as a PDF
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/** The PDF is made from immutable rows: fetched once per visit of the page. */
export function useClientInvoicePdf(id: number) {
  return useQuery({
    queryKey: clientInvoicesKeys.pdf(id),
    queryFn: ({ signal }) => getClientInvoicePdf(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/** Saves the PDF under its number (`TPRO-INV-2026-0007.pdf`); a failure has been toasted. */
export function downloadClientInvoicePdf(id: number, number: string): Promise<void> {
  return fetchFile({
    path: pdfPath(id),
    accept: 'application/pdf',
    fallbackName: `${number}.pdf`,
    what: 'PDF',
  }).catch(() => undefined);
}

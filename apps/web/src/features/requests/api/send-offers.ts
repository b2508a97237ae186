import type { HotelOffersText, SendHotelOffersBody } from '@app/shared/requests/offers.schemas';
import { errorToToasts } from '../../../lib/http/error-toast.ts';
import { apiUrl, http } from '../../../lib/http/http-client.ts';
import { HttpError } from '../../../lib/http/http-error.ts';
import { loadingCounter } from '../../../lib/http/loading-counter.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/http/xsrf.ts';
import { getAccessToken } from '../../../lib/session/access-token.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';

const sendPath = (id: number) => `requests/${id}/offers/send/`;

/** POST requests/{id}/offers/send/ as Text: the ready-to-paste message. */
export async function sendOffersText(id: number, offers: number[]): Promise<string> {
  const body: SendHotelOffersBody = { form: 'Text', offers };
  return (await http.post<{ data: HotelOffersText }>(sendPath(id), body)).data.text;
}

/** `attachment; filename="BSLF-2026-00042-offers.pdf"` -> the name. */
export function pdfName(disposition: string | null, fallback: string): string {
  const star = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * POST requests/{id}/offers/send/ as Presentation: the server's PDF, saved as a download. The
 * shared client reads answers as JSON or text, which would corrupt a PDF, so this reads a Blob
 * with the same headers (token, XSRF) and the same error toasts (spec 8).
 */
export async function sendOffersPresentation(
  id: number,
  offers: number[],
  fallbackName: string,
): Promise<void> {
  const body: SendHotelOffersBody = { form: 'Presentation', offers };
  const url = apiUrl(sendPath(id));
  const stop = loadingCounter.start();
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/pdf' };
    const token = getAccessToken();
    if (token) headers.Authorization = `Token ${token}`;
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      toast.error('The presentation could not be downloaded.', 'Network error');
      throw new HttpError(0, 'Network error', url, null);
    }
    if (!response.ok) {
      let answer: unknown = null;
      try {
        answer = await response.json();
      } catch {
        answer = null;
      }
      const toasts = errorToToasts({
        status: response.status,
        url,
        body: answer,
        message: response.statusText,
      });
      if (toasts.length === 0) toast.error('The presentation could not be made.', `${response.status} error`);
      for (const item of toasts) toast.error(item.message, item.title);
      throw new HttpError(response.status, response.statusText, url, answer);
    }
    const blob = await response.blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = pdfName(response.headers.get('Content-Disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  } finally {
    stop();
  }
}

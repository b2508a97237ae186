import type { HotelOffersText, SendHotelOffersBody } from '@app/shared/requests/offers.schemas';
import { fetchFile } from '../../../lib/http/download-file.ts';
import { http } from '../../../lib/http/http-client.ts';

const sendPath = (id: number) => `requests/${id}/offers/send/`;

/** POST requests/{id}/offers/send/ as Text: the ready-to-paste message. */
export async function sendOffersText(id: number, offers: number[]): Promise<string> {
  const body: SendHotelOffersBody = { form: 'Text', offers };
  return (await http.post<{ data: HotelOffersText }>(sendPath(id), body)).data.text;
}

/**
 * POST requests/{id}/offers/send/ as Presentation: the server's PDF, saved as a download. A
 * refusal is toasted and thrown (an HttpError), so the caller can keep the selection.
 */
export function sendOffersPresentation(id: number, offers: number[], fallbackName: string): Promise<void> {
  const body: SendHotelOffersBody = { form: 'Presentation', offers };
  return fetchFile({
    path: sendPath(id),
    method: 'POST',
    body,
    accept: 'application/pdf',
    fallbackName,
    what: 'presentation',
  });
}

import type { MailMessage } from '@app/shared/mail/mail.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { mailKeys } from './mail-keys.ts';

/** What the server answers for a message that is gone or of another office (it does not tell which). */
export const MAIL_MESSAGE_GONE_STATUSES = [403, 404] as const;

/**
 * GET mail/messages/{id}/: one message with its sanitised HTML; `images` lets its remote images
 * through. The gone statuses are left to the caller (no toast).
 */
export async function getMailMessage(
  id: number,
  images: boolean,
  signal?: AbortSignal,
): Promise<MailMessage> {
  return (
    await http.get<{ data: MailMessage }>(`mail/messages/${id}/`, {
      query: images ? { images: true } : {},
      signal,
      quiet: MAIL_MESSAGE_GONE_STATUSES,
    })
  ).data;
}

export function useMailMessage(id: number | null, images = false) {
  return useQuery({
    queryKey: mailKeys.message(id ?? 0, images),
    queryFn: ({ signal }) => getMailMessage(id ?? 0, images, signal),
    enabled: id !== null,
  });
}

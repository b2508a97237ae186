import type { MailAttachment } from '@app/shared/mail/mail.schemas';
import { fetchFile } from '../http/download-file.ts';

export const mailAttachmentPath = (message: number, n: number) =>
  `mail/messages/${message}/attachments/${n}/`;

/**
 * GET mail/messages/{id}/attachments/{n}/ saved under its name. The API takes the token in a
 * header, which a plain link cannot send, so the file is fetched and handed to the browser; a
 * failure has been toasted.
 */
export function downloadMailAttachment(message: number, attachment: MailAttachment): Promise<void> {
  return fetchFile({
    path: mailAttachmentPath(message, attachment.n),
    fallbackName: attachment.filename || `attachment-${attachment.n}`,
    what: 'attachment',
  }).catch(() => undefined);
}

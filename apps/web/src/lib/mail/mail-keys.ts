import type { MailMessageListQuery } from '@app/shared/mail/mail.schemas';

/** GET mail/messages/ as the web sends it (MailMessageListQuerySchema); absent values are left out. */
export type MailMessageListParams = Partial<MailMessageListQuery>;

/**
 * Mail is read by the /mail page and by the client and request pages (their mail panel). A send or
 * a new message invalidates `mailKeys.all`; reading and linking change the cached rows in place
 * (see update-mail-message.ts), so a list does not jump under the reader.
 */
export const mailKeys = {
  all: ['mail'] as const,
  mailboxes: ['mail', 'mailboxes'] as const,
  folderLists: ['mail', 'folders'] as const,
  folders: (mailbox: number) => ['mail', 'folders', mailbox] as const,
  messageLists: ['mail', 'messages', 'list'] as const,
  messages: (params: MailMessageListParams) => ['mail', 'messages', 'list', params] as const,
  messagePages: (params: MailMessageListParams) => ['mail', 'messages', 'list', 'pages', params] as const,
  messageDetails: ['mail', 'messages', 'detail'] as const,
  messageDetail: (id: number) => ['mail', 'messages', 'detail', id] as const,
  message: (id: number, images: boolean) => ['mail', 'messages', 'detail', id, images] as const,
  inlineImages: (id: number, paths: readonly string[]) => ['mail', 'inline-images', id, paths] as const,
};

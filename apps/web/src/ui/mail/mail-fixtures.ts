import type { Mailbox, MailFolder, MailMessage, MailMessageSummary } from '@app/shared/mail/mail.schemas';

/** Mail for the web tests: the London office's mailbox with an Inbox and a Sent folder. */
export function makeMailbox(patch: Partial<Mailbox> = {}): Mailbox {
  return {
    id: 1,
    office: { id: 1, title: 'London' },
    name: 'London office',
    address: 'london@example.com',
    imap_host: 'imap.example.com',
    imap_port: 993,
    imap_security: 'tls',
    imap_user: 'london@example.com',
    has_imap_password: true,
    smtp_host: 'smtp.example.com',
    smtp_port: 465,
    smtp_security: 'tls',
    smtp_user: 'london@example.com',
    has_smtp_password: true,
    enabled: true,
    last_synced_at: '2026-05-01T10:00:00.000Z',
    last_error: null,
    unread: 1,
    version: 2,
    ...patch,
  };
}

export const INBOX: MailFolder = {
  id: 10,
  mailbox: 1,
  path: 'INBOX',
  name: 'Inbox',
  role: 'inbox',
  unread: 1,
  total: 2,
};
export const SENT: MailFolder = {
  id: 11,
  mailbox: 1,
  path: 'Sent',
  name: 'Sent',
  role: 'sent',
  unread: 0,
  total: 0,
};

export const ANN = { name: 'Ann Lee', address: 'ann@client.com' };

export function makeSummary(patch: Partial<MailMessageSummary> = {}): MailMessageSummary {
  return {
    id: 21,
    mailbox: 1,
    folder: 10,
    direction: 'in',
    from: ANN,
    to: [{ name: 'London office', address: 'london@example.com' }],
    subject: 'Change of dates',
    date: '2026-05-01T09:30:00.000Z',
    snippet: 'Could we move the stay by a week?',
    seen: false,
    has_attachments: false,
    client: { id: 5, name: 'Ann Lee' },
    request: null,
    linked_by: 'auto',
    ...patch,
  };
}

export function makeMessage(patch: Partial<MailMessage> = {}): MailMessage {
  return {
    ...makeSummary(),
    cc: [],
    message_id: '<m21@client.com>',
    in_reply_to: null,
    references: [],
    text: 'Could we move the stay by a week?\nThanks, Ann',
    html: null,
    remote_images: false,
    attachments: [],
    ...patch,
  };
}

export const pageOf = <T>(data: T[], total = data.length, offset = 0) => ({
  body: { data, meta: { total, limit: 50, offset } },
});

import { randomUUID } from 'node:crypto';
import type { MailAddress } from '@app/shared';
import MailComposer from 'nodemailer/lib/mail-composer';

/** A file to attach: its bytes, or a `path` (the blob store) they are read from while the message is built. */
export type ComposeAttachment = {
  filename: string;
  /** Omitted: nodemailer takes it from the file name. */
  contentType?: string | undefined;
} & ({ path: string } | { content: Buffer });

export interface ComposeInput {
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  text: string;
  html?: string | undefined;
  messageId: string;
  date: Date;
  inReplyTo?: string | null | undefined;
  references?: string[] | undefined;
  attachments?: ComposeAttachment[] | undefined;
  /** Fixes the MIME boundaries (the demo data is built the same on every run). */
  baseBoundary?: string | undefined;
}

/** A fresh Message-ID under the mailbox's domain: `<uuid@example.com>`. */
export function newMessageId(address: string): string {
  const domain = address.split('@').pop()?.trim() || 'backoffice.local';
  return `<${randomUUID()}@${domain}>`;
}

const REPLY_PREFIX = /^\s*re\s*:/i;
const FORWARD_PREFIX = /^\s*(fwd?|fw)\s*:/i;

/** "Re: " once: `Visa` → `Re: Visa`, `RE: Visa` stays. */
export function replySubject(subject: string): string {
  const s = subject.trim();
  return REPLY_PREFIX.test(s) ? s : `Re: ${s}`;
}

/** "Fwd: " once: `Visa` → `Fwd: Visa`, `Fw: Visa` stays. */
export function forwardSubject(subject: string): string {
  const s = subject.trim();
  return FORWARD_PREFIX.test(s) ? s : `Fwd: ${s}`;
}

export const formatAddress = (a: MailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

/** The line that opens a forwarded message's quote, as the web's draft and mail clients write it. */
const FORWARDED_MARK = /^-{5,} ?Forwarded message ?-{5,}$/m;

/**
 * The forwarded message below what the sender wrote, as mail clients quote it; a text that quotes
 * it already (the web's draft puts the quote in the text to edit) is left as it is.
 */
export function forwardedText(
  text: string,
  parent: {
    from: MailAddress;
    to: MailAddress[];
    cc: MailAddress[];
    subject: string;
    date: Date;
    text: string;
  },
): string {
  if (FORWARDED_MARK.test(text)) return text;
  const head = [
    '---------- Forwarded message ---------',
    `From: ${formatAddress(parent.from)}`,
    `Date: ${parent.date.toUTCString()}`,
    `Subject: ${parent.subject}`,
    `To: ${parent.to.map(formatAddress).join(', ')}`,
    ...(parent.cc.length ? [`Cc: ${parent.cc.map(formatAddress).join(', ')}`] : []),
  ];
  return `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${head.join('\n')}\n\n${parent.text}`;
}

/** The raw RFC 822 message (CRLF), with the Message-ID and threading headers given. */
export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const references = input.references ?? [];
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    ...(input.cc.length && { cc: input.cc }),
    subject: input.subject,
    text: input.text,
    ...(input.html && { html: input.html }),
    messageId: input.messageId,
    date: input.date,
    ...(input.inReplyTo && { inReplyTo: input.inReplyTo }),
    ...(references.length && { references }),
    ...(input.attachments?.length && {
      attachments: input.attachments.map((a) => ({
        filename: a.filename,
        ...('path' in a ? { path: a.path } : { content: a.content }),
        ...(a.contentType && { contentType: a.contentType }),
      })),
    }),
    ...(input.baseBoundary && { baseBoundary: input.baseBoundary }),
  });
  return composer.compile().build();
}

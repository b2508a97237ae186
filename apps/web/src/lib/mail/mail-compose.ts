import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import {
  MAIL_ATTACHMENTS_MAX_BYTES,
  MAIL_RECIPIENTS_MAX,
  type MailMessage,
  type MailSendFields,
} from '@app/shared/mail/mail.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import { formatDateTime } from '../format/format-date.ts';
import { formatAddress, formatAddressList, readAddressList, uniqueAddresses } from './mail-addresses.ts';

export type ComposeMode = 'new' | 'reply' | 'replyAll' | 'forward';

/** What the compose dialog edits; `parent` is the message answered or forwarded. */
export interface MailDraft {
  mode: ComposeMode;
  mailbox: number | null;
  to: string;
  cc: string;
  subject: string;
  text: string;
  parent: MailMessage | null;
  /** A forward carries the parent's stored attachments unless this is turned off. */
  forwardAttachments: boolean;
  /** The record the message is about (a reply keeps the parent's links). */
  client: number | null;
  request: number | null;
}

// as the server writes them (mail-send-compose.ts): it adds the prefix itself when it is missing
const REPLY_PREFIX = /^\s*re\s*:/i;
const FORWARD_PREFIX = /^\s*(fwd?|fw)\s*:/i;

/** `Dates` -> `Re: Dates`; a subject that already starts with a reply prefix is kept. */
export const replySubject = (subject: string) =>
  REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`.trim();
export const forwardSubject = (subject: string) =>
  FORWARD_PREFIX.test(subject) ? subject : `Fwd: ${subject}`.trim();

/** Each line behind `> ` (a line quoted already gets one more `>`). */
export function quoteText(text: string): string {
  return text
    .replace(/\s+$/, '')
    .split(/\r?\n/)
    .map((line) => (line.startsWith('>') ? `>${line}` : line ? `> ${line}` : '>'))
    .join('\n');
}

export function newDraft(
  mailbox: number | null,
  link: { client?: number; request?: number } = {},
): MailDraft {
  return {
    mode: 'new',
    mailbox,
    to: '',
    cc: '',
    subject: '',
    text: '',
    parent: null,
    forwardAttachments: true,
    client: link.client ?? null,
    request: link.request ?? null,
  };
}

/**
 * Reply or reply all. To an incoming message: its sender (and, for all, its other recipients in To
 * and Cc). To one we sent: its recipients again. Our own mailbox (`ownAddress`) is never among
 * them. The quote is the parent's text under an "On …, … wrote:" line.
 */
export function replyDraft(parent: MailMessage, all: boolean, ownAddress: string): MailDraft {
  const own = [ownAddress];
  const outgoing = parent.direction === 'out';
  const to = outgoing
    ? uniqueAddresses(parent.to, own)
    : uniqueAddresses(all ? [parent.from, ...parent.to] : [parent.from], own);
  const cc = all ? uniqueAddresses(parent.cc, [...own, ...to.map((a) => a.address)]) : [];
  const quote = parent.text.trim()
    ? `\n\nOn ${formatDateTime(parent.date)}, ${formatAddress(parent.from)} wrote:\n${quoteText(parent.text)}\n`
    : '';
  return {
    mode: all ? 'replyAll' : 'reply',
    mailbox: parent.mailbox,
    to: formatAddressList(to),
    cc: formatAddressList(cc),
    subject: replySubject(parent.subject),
    text: quote,
    parent,
    forwardAttachments: false,
    client: parent.client?.id ?? null,
    request: parent.request?.id ?? null,
  };
}

/**
 * Forward: no recipients yet, an empty note; the server puts the forwarded message (its headers and
 * text) below what is typed, and carries its attachments.
 */
export function forwardDraft(parent: MailMessage): MailDraft {
  return {
    mode: 'forward',
    mailbox: parent.mailbox,
    to: '',
    cc: '',
    subject: forwardSubject(parent.subject),
    text: '',
    parent,
    forwardAttachments: true,
    client: parent.client?.id ?? null,
    request: parent.request?.id ?? null,
  };
}

/** What the server adds below a forward's note, as the dialog previews it. */
export function forwardedHeaders(parent: MailMessage): string[] {
  return [
    `From: ${formatAddress(parent.from)}`,
    `Date: ${formatDateTime(parent.date)}`,
    `Subject: ${parent.subject}`,
    `To: ${formatAddressList(parent.to)}`,
    ...(parent.cc.length > 0 ? [`Cc: ${formatAddressList(parent.cc)}`] : []),
  ];
}

/** The parent's attachments a forward carries (those the server kept). */
export function forwardedAttachments(draft: MailDraft) {
  if (draft.mode !== 'forward' || !draft.forwardAttachments || !draft.parent) return [];
  return draft.parent.attachments.filter((a) => a.stored);
}

/** New files and forwarded attachments together, in bytes. */
export function attachmentsSize(draft: MailDraft, files: readonly File[]): number {
  return (
    files.reduce((sum, f) => sum + f.size, 0) +
    forwardedAttachments(draft).reduce((sum, a) => sum + a.size, 0)
  );
}

export type DraftProblems = Partial<Record<'mailbox' | 'to' | 'cc' | 'attachments', string>>;

/** What must change before the draft can go: the same rules the server checks, said before sending. */
export function draftProblems(draft: MailDraft, files: readonly File[]): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.mailbox === null) problems.mailbox = MESSAGES.required;
  const to = readAddressList(draft.to);
  const cc = readAddressList(draft.cc);
  if (to.invalid !== null) problems.to = MAIL_MESSAGES.badAddress(to.invalid);
  else if (to.addresses.length === 0) problems.to = MAIL_MESSAGES.noRecipients;
  if (cc.invalid !== null) problems.cc = MAIL_MESSAGES.badAddress(cc.invalid);
  if (!problems.to && !problems.cc && to.addresses.length + cc.addresses.length > MAIL_RECIPIENTS_MAX) {
    problems.to = MAIL_MESSAGES.tooManyRecipients(MAIL_RECIPIENTS_MAX);
  }
  if (attachmentsSize(draft, files) > MAIL_ATTACHMENTS_MAX_BYTES) {
    problems.attachments = MAIL_MESSAGES.attachmentsTooLarge(MAIL_ATTACHMENTS_MAX_BYTES);
  }
  return problems;
}

/**
 * The multipart fields of POST mail/messages/ for a draft without problems. A reply or forward
 * names its parent; the server takes the parent's links then, so only a new message sends its own.
 */
export function sendFields(draft: MailDraft): MailSendFields {
  const { parent } = draft;
  return {
    mailbox: draft.mailbox ?? 0,
    to: draft.to.trim(),
    ...(draft.cc.trim() ? { cc: draft.cc.trim() } : {}),
    subject: draft.subject.trim(),
    text: draft.text,
    ...(parent && (draft.mode === 'reply' || draft.mode === 'replyAll') ? { reply_to: parent.id } : {}),
    ...(parent && draft.mode === 'forward'
      ? { forward_of: parent.id, ...(draft.forwardAttachments ? {} : { forward_attachments: false }) }
      : {}),
    ...(draft.mode === 'new' && draft.client !== null ? { client: draft.client } : {}),
    ...(draft.mode === 'new' && draft.request !== null ? { request: draft.request } : {}),
  };
}

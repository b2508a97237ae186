import { access } from 'node:fs/promises';
import {
  MAIL_ATTACHMENTS_MAX_BYTES,
  MAIL_MESSAGES,
  MAIL_RECIPIENTS_MAX,
  type MailAddress,
  type MailMessage,
  type MailSendFields,
  MESSAGES,
} from '@app/shared';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { AppError, type FieldErrors, isUniqueViolation } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { mailAttachments, mailboxes, mailFolders, mailMessages } from './mail.table.ts';
import { mailboxVisible } from './mail-privacy.ts';
import { parseAddressField } from './mail-send-addresses.ts';
import {
  type ComposeAttachment,
  composeMessage,
  forwardedText,
  forwardSubject,
  newMessageId,
  replySubject,
} from './mail-send-compose.ts';
import {
  type Appended,
  imapAppend,
  MAIL_SEND_TIMEOUT_MS,
  type ServerSettings,
  sendFailureReason,
  smtpSend,
} from './mail-send-transport.ts';
import { prepareMessage, storeMessages } from './mail-store.ts';
import { createMessagesService } from './messages.service.ts';

/** An `attachments` part of the upload, already in the blob store. */
export interface UploadedAttachment {
  filename: string;
  hash: string;
  size: number;
  /** Sniffed from the content. */
  mime: string;
}

export const ATTACHMENTS_TOO_LARGE = () =>
  new AppError('FILE_TOO_LARGE', MAIL_MESSAGES.attachmentsTooLarge(MAIL_ATTACHMENTS_MAX_BYTES), {
    rule: true,
  });
const SEND_FAILED = (reason: string) =>
  new AppError('MAIL_SEND_FAILED', MAIL_MESSAGES.sendFailed(reason), { rule: true });

const FORWARD_ATTACHMENT_MISSING = (filename: string) =>
  `The attachment "${filename}" of this message is no longer stored: forward it without its attachments`;

type MailboxRow = typeof mailboxes.$inferSelect;
type MessageRow = typeof mailMessages.$inferSelect;

/** A type the sniffer is sure of; otherwise nodemailer names it from the file's extension. */
const definiteType = (mime: string) =>
  mime === 'application/octet-stream' || mime === 'text/plain' ? undefined : mime;

function recipientErrors(fields: MailSendFields) {
  const to = parseAddressField(fields.to);
  const cc = parseAddressField(fields.cc);
  const errors: FieldErrors = {};
  if (to.bad.length) errors.to = to.bad.map((a) => MAIL_MESSAGES.badAddress(a));
  else if (!to.addresses.length) errors.to = [MAIL_MESSAGES.noRecipients];
  if (cc.bad.length) errors.cc = cc.bad.map((a) => MAIL_MESSAGES.badAddress(a));
  if (to.addresses.length + cc.addresses.length > MAIL_RECIPIENTS_MAX)
    errors.to ??= [MAIL_MESSAGES.tooManyRecipients(MAIL_RECIPIENTS_MAX)];
  if (fields.reply_to !== undefined && fields.forward_of !== undefined) {
    errors.reply_to = [MAIL_MESSAGES.oneParent];
    errors.forward_of = [MAIL_MESSAGES.oneParent];
  }
  return { to: to.addresses, cc: cc.addresses, errors };
}

/** The links the sender chose: a request brings its client; both must exist and agree. */
async function chosenLinks(
  ex: Executor,
  fields: MailSendFields,
): Promise<{ clientId: number | undefined; requestId: number | undefined }> {
  const errors: FieldErrors = {};
  let clientId = fields.client;
  if (fields.request !== undefined) {
    const [request] = await ex
      .select({ client_id: requests.client_id })
      .from(requests)
      .where(eq(requests.id, fields.request));
    if (!request) errors.request = [MESSAGES.invalidValue];
    else if (clientId !== undefined && request.client_id !== clientId)
      errors.request = [MAIL_MESSAGES.linkOfAnotherClient];
    else clientId = request.client_id;
  }
  if (fields.client !== undefined) {
    const [client] = await ex.select({ id: clients.id }).from(clients).where(eq(clients.id, fields.client));
    if (!client) errors.client = [MESSAGES.invalidValue];
  }
  if (Object.keys(errors).length) throw AppError.fields(errors);
  return { clientId, requestId: fields.request };
}

/**
 * Compose, reply and forward (decision 0014): the message is built here with its own Message-ID,
 * sent through the office's SMTP server outside any transaction, then stored (direction out, in the
 * Sent folder when the mailbox has one) and linked like an incoming one; meanwhile a copy is
 * appended to the server's Sent folder (a failure there is logged: the message is sent and stored,
 * and should a later sync meet a copy after all, its Message-ID is stored already).
 * A send the server refuses stores nothing and answers its reason.
 */
export function createMailSendService(deps: {
  db: Db;
  blobs: BlobStore;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const { db, blobs, secrets, log } = deps;
  const timeoutMs = deps.timeoutMs ?? MAIL_SEND_TIMEOUT_MS;
  // The answer is the message as `GET mail/messages/{id}/` reads it.
  const reader = createMessagesService({ db });

  const open = (sealed: string | null, what: string): string | null => {
    if (!sealed) return null;
    try {
      return secrets.open(sealed);
    } catch {
      throw SEND_FAILED(
        `the mailbox's ${what} password cannot be read with this server's secret key; enter it again in the mailbox's settings`,
      );
    }
  };

  async function visibleMailbox(ctx: Ctx, id: number): Promise<MailboxRow> {
    const [mailbox] = await db
      .select()
      .from(mailboxes)
      .where(and(eq(mailboxes.id, id), mailboxVisible(ctx.user, sql`${mailboxes.id}`)));
    if (!mailbox) throw AppError.notFound('Mailbox');
    if (!mailbox.enabled) throw new AppError('BAD_REQUEST', MAIL_MESSAGES.mailboxDisabled, { rule: true });
    return mailbox;
  }

  async function visibleMessage(ctx: Ctx, id: number): Promise<MessageRow> {
    const [message] = await db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), mailboxVisible(ctx.user, sql`${mailMessages.mailbox_id}`)));
    if (!message) throw AppError.notFound('Message');
    return message;
  }

  async function storedAttachmentsOf(messageId: number) {
    return db
      .select()
      .from(mailAttachments)
      .where(and(eq(mailAttachments.message_id, messageId), isNotNull(mailAttachments.content_hash)))
      .orderBy(asc(mailAttachments.position));
  }

  /** Records where the Sent copy landed, so the sync meets it by UID as well as by Message-ID. */
  async function recordServerCopy(id: number, folderId: number, copy: Appended): Promise<void> {
    if (copy.uid === null || copy.uidvalidity === null) return;
    try {
      await db
        .update(mailMessages)
        .set({ uidvalidity: copy.uidvalidity, uid: copy.uid })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.folder_id, folderId), isNull(mailMessages.uid)));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }

  return {
    async send(ctx: Ctx, fields: MailSendFields, uploads: UploadedAttachment[]): Promise<MailMessage> {
      const { to, cc, errors } = recipientErrors(fields);
      if (Object.keys(errors).length) throw AppError.fields(errors);
      const mailbox = await visibleMailbox(ctx, fields.mailbox);
      const replyTo = fields.reply_to !== undefined ? await visibleMessage(ctx, fields.reply_to) : null;
      const forwardOf = fields.forward_of !== undefined ? await visibleMessage(ctx, fields.forward_of) : null;
      const parent = replyTo ?? forwardOf;
      const chosen =
        fields.client !== undefined || fields.request !== undefined
          ? await chosenLinks(db, fields)
          : {
              clientId: parent?.client_id ?? undefined,
              requestId: parent?.request_id ?? undefined,
            };

      const attachments: ComposeAttachment[] = uploads.map((u) => ({
        filename: u.filename,
        contentType: definiteType(u.mime),
        path: blobs.pathOf(u.hash),
      }));
      let total = uploads.reduce((sum, u) => sum + u.size, 0);
      if (forwardOf && fields.forward_attachments !== false) {
        for (const a of await storedAttachmentsOf(forwardOf.id)) {
          const file = blobs.pathOf(a.content_hash!);
          // A blob gone from the store (a restored database, a lost disk) is the sender's to know, not a 500.
          if (
            !(await access(file).then(
              () => true,
              () => false,
            ))
          )
            throw AppError.fields({ forward_of: [FORWARD_ATTACHMENT_MISSING(a.filename)] });
          total += a.size;
          attachments.push({ filename: a.filename, contentType: a.content_type, path: file });
        }
      }
      if (total > MAIL_ATTACHMENTS_MAX_BYTES) throw ATTACHMENTS_TOO_LARGE();

      const typed = fields.subject ?? '';
      const subject = replyTo
        ? replySubject(typed || replyTo.subject)
        : forwardOf
          ? forwardSubject(typed || forwardOf.subject)
          : typed;
      const text = forwardOf
        ? forwardedText(fields.text ?? '', {
            from: { name: forwardOf.from_name, address: forwardOf.from_address },
            to: forwardOf.to,
            cc: forwardOf.cc,
            subject: forwardOf.subject,
            date: forwardOf.date,
            text: forwardOf.text,
          })
        : (fields.text ?? '');
      const from: MailAddress = { name: mailbox.name, address: mailbox.address };
      const date = new Date();
      const raw = await composeMessage({
        from,
        to,
        cc,
        subject,
        text,
        messageId: newMessageId(mailbox.address),
        date,
        inReplyTo: replyTo?.message_id,
        references: replyTo ? [...replyTo.references, replyTo.message_id] : undefined,
        attachments,
      });

      const smtp: ServerSettings = {
        host: mailbox.smtp_host,
        port: mailbox.smtp_port,
        security: mailbox.smtp_security as ServerSettings['security'],
        user: mailbox.smtp_user,
        password: open(mailbox.smtp_password_enc, 'SMTP'),
      };
      const envelope = {
        from: mailbox.address,
        to: [...new Set([...to, ...cc].map((a) => a.address))],
      };
      try {
        const { rejected } = await smtpSend(smtp, envelope, raw, timeoutMs);
        if (rejected.length)
          log.warn({ mailbox: mailbox.id, rejected }, 'mail: the server refused some recipients of a send');
      } catch (err) {
        throw SEND_FAILED(sendFailureReason(err));
      }

      // Sent: from here on nothing may undo it. The copy in the server's Sent folder goes meanwhile.
      const [sent] = await db
        .select({ id: mailFolders.id, path: mailFolders.path })
        .from(mailFolders)
        .where(and(eq(mailFolders.mailbox_id, mailbox.id), eq(mailFolders.role, 'sent')))
        .limit(1);
      let copy: Promise<Appended | null> = Promise.resolve(null);
      if (sent) {
        const folder = sent.path;
        copy = (async () => {
          const imap: ServerSettings = {
            host: mailbox.imap_host,
            port: mailbox.imap_port,
            security: mailbox.imap_security as ServerSettings['security'],
            user: mailbox.imap_user,
            password: secrets.open(mailbox.imap_password_enc),
          };
          return imapAppend(imap, folder, raw, date, timeoutMs);
        })().catch((err) => {
          log.warn(
            { mailbox: mailbox.id, folder, err: sendFailureReason(err) },
            'mail: the copy to the Sent folder failed; the message is sent and stored',
          );
          return null;
        });
      }
      let id: number | null = null;
      try {
        const message = await prepareMessage(raw, blobs);
        [id = null] = await db.transaction((tx) =>
          storeMessages(tx, { mailboxId: mailbox.id, direction: 'out' }, [
            {
              message,
              folderId: sent?.id ?? null,
              uidvalidity: null,
              uid: null,
              seen: true,
              clientId: chosen.clientId,
              requestId: chosen.requestId,
            },
          ]),
        );
        if (id === null) {
          const [row] = await db
            .select({ id: mailMessages.id })
            .from(mailMessages)
            .where(
              and(eq(mailMessages.mailbox_id, mailbox.id), eq(mailMessages.message_id, message.messageId)),
            );
          id = row?.id ?? null;
        }
      } finally {
        const landed = await copy;
        if (landed && sent && id !== null) await recordServerCopy(id, sent.id, landed);
      }
      if (id === null) throw new Error('mail: a sent message was not stored');
      return reader.get(ctx.user, id);
    },
  };
}
export type MailSendService = ReturnType<typeof createMailSendService>;

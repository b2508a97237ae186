import {
  type ListResult,
  MAIL_MESSAGES,
  type MailMessage,
  type MailMessageListQuery,
  type MailMessageSummary,
  type MailMessageUpdateBody,
  MESSAGES,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { mailboxes, mailMessages } from './mail.table.ts';
import { mailboxVisible } from './mail-privacy.ts';
import { sanitiseMailHtml } from './mail-sanitise.ts';
import {
  type AttachmentRow,
  type MessageSummaryView,
  type MessageView,
  messagesRepository as repo,
} from './messages.repository.ts';

const MESSAGE_NOT_FOUND = () => AppError.notFound('Message');
const ATTACHMENT_NOT_FOUND = () => AppError.notFound('Attachment');
const NO_SUCH = (field: 'client' | 'request') => AppError.fields({ [field]: [MESSAGES.invalidValue] });

export function toMailMessageSummary(v: MessageSummaryView): MailMessageSummary {
  return {
    id: v.id,
    mailbox: v.mailbox_id,
    folder: v.folder_id,
    direction: v.direction === 'out' ? 'out' : 'in',
    from: { name: v.from_name, address: v.from_address },
    to: v.to,
    subject: v.subject,
    date: v.date.toISOString(),
    snippet: v.snippet,
    seen: v.seen_at !== null,
    has_attachments: v.has_attachments,
    client: v.client_id !== null ? { id: v.client_id, name: v.client_name ?? '' } : null,
    request: v.request_id !== null ? { id: v.request_id, number: v.request_number ?? '' } : null,
    linked_by: v.linked_by === 'auto' || v.linked_by === 'user' ? v.linked_by : null,
  };
}

function toMailMessage(v: MessageView, attachments: AttachmentRow[], images: boolean): MailMessage {
  const contentIds = new Map<string, number>();
  for (const a of attachments) if (a.content_id) contentIds.set(a.content_id.toLowerCase(), a.position);
  const html = v.html === null ? null : sanitiseMailHtml(v.html, { messageId: v.id, images, contentIds });
  return {
    ...toMailMessageSummary(v),
    cc: v.cc,
    message_id: v.message_id,
    in_reply_to: v.in_reply_to,
    references: v.references,
    text: v.text,
    html: html?.html ?? null,
    remote_images: html?.remoteImages ?? false,
    attachments: attachments.map((a) => ({
      n: a.position,
      filename: a.filename,
      content_type: a.content_type,
      size: a.size,
      stored: a.content_hash !== null,
    })),
  };
}

/** An attachment ready to stream: its bytes are the blob `content_hash`. */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  size: number;
  content_hash: string;
}

/** Reading the mail (decision 0014): a message of another office is a 404, as if it did not exist. */
export function createMessagesService({ db }: { db: Db }) {
  const visible = (user: AuthUser) => mailboxVisible(user, sql`${mailMessages.mailbox_id}`);

  async function get(user: AuthUser, id: number, images = false): Promise<MailMessage> {
    const view = await repo.view(db, id, visible(user));
    if (!view) throw MESSAGE_NOT_FOUND();
    return toMailMessage(view, await repo.attachments(db, id), images);
  }

  return {
    /** Unread first, then newest; filters and the search narrow it. */
    async list(user: AuthUser, q: MailMessageListQuery): Promise<ListResult<MailMessageSummary>> {
      const empty = { data: [], meta: { total: 0, limit: q.limit, offset: q.offset } };
      // The privacy rule resolved to mailbox ids first (a handful of rows), so the list's own
      // query reads one index in its order (see MessageFilter.mailboxes).
      const { ids, all } = await repo.visibleMailboxes(db, mailboxVisible(user, sql`${mailboxes.id}`));
      const readable = (id: number) => ids.includes(id);
      if (ids.length === 0) return empty;
      if (q.mailbox !== undefined && !readable(q.mailbox)) return empty;
      if (q.folder !== undefined) {
        const owner = await repo.folderMailbox(db, q.folder);
        if (owner === null || !readable(owner)) return empty;
        if (q.mailbox !== undefined && q.mailbox !== owner) return empty;
      }
      const { rows, total } = await repo.list(
        db,
        {
          mailboxes: ids,
          everyMailbox: ids.length === all,
          mailbox: q.mailbox,
          folder: q.folder,
          client: q.client,
          request: q.request,
          unread: q.unread,
          search: q.search,
        },
        q.limit,
        q.offset,
      );
      return { data: rows.map(toMailMessageSummary), meta: { total, limit: q.limit, offset: q.offset } };
    },

    /** The message with its HTML sanitised; remote images only with `images`. */
    get,

    /**
     * Marks it read or unread, and links or unlinks it by hand (`linked_by` becomes `user`, which
     * the sync leaves alone). A request brings its client; a request of another client than the
     * linked one is refused; unlinking the client unlinks its request too.
     */
    async update(user: AuthUser, id: number, body: MailMessageUpdateBody): Promise<MailMessage> {
      await db.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, id, visible(user));
        if (!row) throw MESSAGE_NOT_FOUND();
        const values: Parameters<typeof repo.update>[2] = {};
        if (body.seen !== undefined && body.seen !== (row.seen_at !== null))
          values.seen_at = body.seen ? new Date() : null;

        if (body.client !== undefined || body.request !== undefined) {
          let client = body.client === undefined ? row.client_id : body.client;
          let request = body.request === undefined ? row.request_id : body.request;
          if (body.client === null && body.request === undefined) request = null;
          if (body.client != null && !(await repo.clientExists(tx, body.client))) throw NO_SUCH('client');
          if (request !== null) {
            const owner = await repo.requestClient(tx, request);
            if (owner === null) throw NO_SUCH('request');
            if (client === null) client = owner;
            else if (client !== owner)
              throw AppError.fields({ request: [MAIL_MESSAGES.linkOfAnotherClient] });
          }
          if (client !== row.client_id || request !== row.request_id || row.linked_by !== 'user') {
            values.client_id = client;
            values.request_id = request;
            values.linked_by = 'user';
          }
        }
        if (Object.keys(values).length > 0) await repo.update(tx, id, values);
      });
      return get(user, id);
    },

    /** Attachment `n` of a visible message; 404 when it is missing or was too large to keep. */
    async attachment(user: AuthUser, id: number, n: number): Promise<StoredAttachment> {
      const a = await repo.attachment(db, id, n, visible(user));
      if (!a) {
        if (!(await repo.view(db, id, visible(user)))) throw MESSAGE_NOT_FOUND();
        throw ATTACHMENT_NOT_FOUND();
      }
      if (a.content_hash === null) throw new AppError('NOT_FOUND', MAIL_MESSAGES.attachmentNotStored);
      return {
        filename: a.filename,
        content_type: a.content_type,
        size: a.size,
        content_hash: a.content_hash,
      };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

import type { MailMessage } from '@app/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { mailAttachments, mailMessages } from './mail.table.ts';

/**
 * A sent message as `POST mail/messages/` answers it (MailMessageSchema). What the app sends is
 * plain text, so there is no HTML to sanitise here; the reading side serves any message in full.
 */
export async function sentMessageView(ex: Executor, id: number): Promise<MailMessage | null> {
  const [row] = await ex
    .select({
      m: mailMessages,
      client_name: sql<string | null>`${clients.first_name} || ' ' || ${clients.last_name}`,
      request_number: requests.number,
    })
    .from(mailMessages)
    .leftJoin(clients, eq(clients.id, mailMessages.client_id))
    .leftJoin(requests, eq(requests.id, mailMessages.request_id))
    .where(eq(mailMessages.id, id));
  if (!row) return null;
  const attachments = await ex
    .select()
    .from(mailAttachments)
    .where(eq(mailAttachments.message_id, id))
    .orderBy(asc(mailAttachments.position));
  const m = row.m;
  return {
    id: m.id,
    mailbox: m.mailbox_id,
    folder: m.folder_id,
    direction: m.direction as 'in' | 'out',
    from: { name: m.from_name, address: m.from_address },
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    date: m.date.toISOString(),
    snippet: m.snippet,
    seen: m.seen_at !== null,
    has_attachments: m.has_attachments,
    client: m.client_id !== null ? { id: m.client_id, name: row.client_name ?? '' } : null,
    request: m.request_id !== null ? { id: m.request_id, number: row.request_number ?? '' } : null,
    linked_by: (m.linked_by as 'auto' | 'user' | null) ?? null,
    message_id: m.message_id,
    in_reply_to: m.in_reply_to,
    references: m.references,
    text: m.text,
    html: null,
    remote_images: false,
    attachments: attachments.map((a) => ({
      n: a.position,
      filename: a.filename,
      content_type: a.content_type,
      size: a.size,
      stored: a.content_hash !== null,
    })),
  };
}

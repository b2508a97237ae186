import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { countRows, inOrder } from '../../platform/list-query/paging.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { mailAttachments, mailMessages } from './mail.table.ts';

export type MessageRow = typeof mailMessages.$inferSelect;
export type AttachmentRow = typeof mailAttachments.$inferSelect;

export interface MessageFilter {
  /** The caller's privacy rule (`mailboxVisible`). */
  visible: SQL;
  mailbox?: number | undefined;
  folder?: number | undefined;
  client?: number | undefined;
  request?: number | undefined;
  unread?: boolean | undefined;
  search?: string | undefined;
}

/** A message's list columns (no bodies) with the names of what it is linked to. */
export interface MessageSummaryView {
  id: number;
  mailbox_id: number;
  folder_id: number | null;
  direction: string;
  from_name: string;
  from_address: string;
  to: { name: string; address: string }[];
  subject: string;
  date: Date;
  snippet: string;
  seen_at: Date | null;
  has_attachments: boolean;
  client_id: number | null;
  client_name: string | null;
  request_id: number | null;
  request_number: string | null;
  linked_by: string | null;
}

export interface MessageView extends MessageSummaryView {
  cc: { name: string; address: string }[];
  message_id: string;
  in_reply_to: string | null;
  references: string[];
  text: string;
  html: string | null;
}

const m = mailMessages;

/**
 * Unread first, then newest: exactly the expressions of `mail_messages_folder_list_idx` and
 * `mail_messages_mailbox_list_idx`, so a folder's (or mailbox's) first page is the head of its
 * index, read in order and stopped after a page.
 */
const UNREAD_LAST = sql`(${m.seen_at} is not null)`;
const LIST_ORDER = [asc(UNREAD_LAST), desc(m.date), desc(m.id)];

function conditions(f: MessageFilter): SQL | undefined {
  const query = prefixQuery(f.search);
  return allOf([
    f.visible,
    f.mailbox !== undefined ? eq(m.mailbox_id, f.mailbox) : undefined,
    f.folder !== undefined ? eq(m.folder_id, f.folder) : undefined,
    f.client !== undefined ? eq(m.client_id, f.client) : undefined,
    f.request !== undefined ? eq(m.request_id, f.request) : undefined,
    // as the index's leading expression, so the unread ones are a range of it
    f.unread === undefined ? undefined : sql`${UNREAD_LAST} = ${!f.unread}`,
    // sender, recipients, subject and text: every word the start of a word (GIN)
    query ? sql`${m.search_vector} @@ ${query}::tsquery` : undefined,
  ]);
}

const summarySelection = {
  id: m.id,
  mailbox_id: m.mailbox_id,
  folder_id: m.folder_id,
  direction: m.direction,
  from_name: m.from_name,
  from_address: m.from_address,
  to: m.to,
  subject: m.subject,
  date: m.date,
  snippet: m.snippet,
  seen_at: m.seen_at,
  has_attachments: m.has_attachments,
  client_id: m.client_id,
  client_name: sql<string | null>`${clients.first_name} || ' ' || ${clients.last_name}`,
  request_id: m.request_id,
  request_number: requests.number,
  linked_by: m.linked_by,
};

const viewSelection = {
  ...summarySelection,
  cc: m.cc,
  message_id: m.message_id,
  in_reply_to: m.in_reply_to,
  references: m.references,
  text: m.text,
  html: m.html,
};

export const messagesRepository = {
  /**
   * One page of ids from `mail_messages` alone (the planner picks the list index or the search's
   * GIN), then those rows with their links' names; the total is exact up to a thousand matches
   * and the planner's estimate above (`countRows`).
   */
  async list(
    ex: Executor,
    f: MessageFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: MessageSummaryView[]; total: number }> {
    const where = conditions(f);
    const [page, count] = await Promise.all([
      ex
        .select({ id: m.id })
        .from(m)
        .where(where)
        .orderBy(...LIST_ORDER)
        .limit(limit)
        .offset(offset),
      countRows(ex, m, where),
    ]);
    const ids = page.map((r) => r.id);
    const total = ids.length < limit && (ids.length > 0 || offset === 0) ? offset + ids.length : count.total;
    if (ids.length === 0) return { rows: [], total };
    const rows = await ex
      .select(summarySelection)
      .from(m)
      .leftJoin(clients, eq(clients.id, m.client_id))
      .leftJoin(requests, eq(requests.id, m.request_id))
      .where(inArray(m.id, ids));
    return { rows: inOrder(ids, rows as MessageSummaryView[]), total };
  },

  /** A message the caller may see (`visible`), or null. */
  async view(ex: Executor, id: number, visible: SQL): Promise<MessageView | null> {
    const rows = await ex
      .select(viewSelection)
      .from(m)
      .leftJoin(clients, eq(clients.id, m.client_id))
      .leftJoin(requests, eq(requests.id, m.request_id))
      .where(and(eq(m.id, id), visible));
    return (rows[0] as MessageView | undefined) ?? null;
  },

  async findForUpdate(ex: Executor, id: number, visible: SQL): Promise<MessageRow | null> {
    const rows = await ex
      .select()
      .from(m)
      .where(and(eq(m.id, id), visible))
      .for('update');
    return rows[0] ?? null;
  },

  async update(
    ex: Executor,
    id: number,
    values: Partial<Pick<MessageRow, 'seen_at' | 'client_id' | 'request_id' | 'linked_by'>>,
  ): Promise<void> {
    await ex.update(m).set(values).where(eq(m.id, id));
  },

  async attachments(ex: Executor, messageId: number): Promise<AttachmentRow[]> {
    return ex
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.message_id, messageId))
      .orderBy(asc(mailAttachments.position));
  },

  /** Attachment `n` of a message the caller may see, or null. */
  async attachment(ex: Executor, messageId: number, n: number, visible: SQL): Promise<AttachmentRow | null> {
    const rows = await ex
      .select({ attachment: mailAttachments })
      .from(mailAttachments)
      .innerJoin(m, eq(m.id, mailAttachments.message_id))
      .where(and(eq(mailAttachments.message_id, messageId), eq(mailAttachments.position, n), visible));
    return rows[0]?.attachment ?? null;
  },

  async clientExists(ex: Executor, id: number): Promise<boolean> {
    return (await ex.select({ id: clients.id }).from(clients).where(eq(clients.id, id))).length > 0;
  },

  async requestClient(ex: Executor, id: number): Promise<number | null> {
    const rows = await ex.select({ client_id: requests.client_id }).from(requests).where(eq(requests.id, id));
    return rows[0]?.client_id ?? null;
  },
};

import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { prefixQuery, words } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { EXACT_COUNT_UP_TO, inOrder } from '../../platform/list-query/paging.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { mailAttachments, mailFolders, mailMessages } from './mail.table.ts';

export type MessageRow = typeof mailMessages.$inferSelect;
export type AttachmentRow = typeof mailAttachments.$inferSelect;

export interface MessageFilter {
  /**
   * The mailboxes the caller may read, as plain ids, and whether that is every one (no condition
   * then). Plain ids, not the `mailboxVisible` subquery: the list's indexes lead with the mailbox or
   * the folder, and a subquery there makes the planner join through `mailboxes` and sort the whole
   * folder instead of reading the head of its index.
   */
  mailboxes: number[];
  everyMailbox: boolean;
  mailbox?: number | undefined;
  /** A folder of one of `mailboxes` (the service checked it). */
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
 * `mail_messages_mailbox_list_idx` (Drizzle writes their `.desc()` as DESC NULLS LAST, and a plain
 * `desc` here would be NULLS FIRST: another order, and a sort of the whole folder), so a folder's or
 * a mailbox's first page is the head of its index, read in order and stopped after a page.
 */
const UNREAD_LAST = sql`(${m.seen_at} is not null)`;
const LIST_ORDER = sql`${UNREAD_LAST} asc, ${m.date} desc nulls last, ${m.id} desc nulls last`;

/**
 * A column equal to a value, as an index condition or (`unindexed`) as a filter only: a search
 * collected from the GIN index should not be ANDed with the bitmap of a whole mailbox's 200,000
 * entries of the list index, which the planner does and which took longer than the search (44 ms).
 */
const equals = (column: typeof m.mailbox_id | typeof m.folder_id, value: number, unindexed: boolean) =>
  unindexed ? sql`${column} + 0 = ${value}` : eq(column, value);

/** Everything but which mailboxes and the words: the same for one index or for each mailbox's. */
function narrowing(f: MessageFilter, words: SQL | undefined, unindexed = false): SQL | undefined {
  return allOf([
    f.mailbox !== undefined ? equals(m.mailbox_id, f.mailbox, unindexed) : undefined,
    f.folder !== undefined ? equals(m.folder_id, f.folder, unindexed) : undefined,
    f.client !== undefined ? eq(m.client_id, f.client) : undefined,
    f.request !== undefined ? eq(m.request_id, f.request) : undefined,
    // as the index's leading expression, so the unread ones are a range of it
    f.unread === undefined ? undefined : sql`${UNREAD_LAST} = ${!f.unread}`,
    words,
  ]);
}

/** Sender, recipients, subject and text: every word the start of a word of the message. */
const matches = (query: string) => sql`${m.search_vector} @@ ${query}::tsquery`;

/**
 * The search to collect from the GIN index. A word's prefix is a range of the index whose
 * postings are all gathered before the words are ANDed (PostgreSQL cannot skip through a prefix's
 * postings as it does through a whole word's), so "volkovina visa" gathered every message with a
 * word starting "visa" (16 ms of 500,000). When a word is rare by the planner's statistics, only it
 * is looked up in the index and the whole search is checked on its few messages (`ts_match_vq` is
 * `@@` as a function, which no index takes). Null when every word is common.
 */
async function rareSearch(ex: Executor, query: string, search: string): Promise<SQL | null> {
  const each = words(search).slice(0, 8);
  const estimates = await Promise.all(each.map((w) => estimateRows(ex, matches(prefixQuery(w)!))));
  const fewest = Math.min(...estimates);
  if (fewest > COLLECT_UP_TO) return null;
  if (each.length < 2) return matches(query);
  const rarest = each[estimates.indexOf(fewest)]!;
  return sql`${matches(prefixQuery(rarest)!)} and ts_match_vq(${m.search_vector}, ${query}::tsquery)`;
}

/** The caller's mailboxes, unless a mailbox or folder already names one of them (or they are all). */
function privacy(f: MessageFilter, unindexed = false): SQL | undefined {
  if (f.everyMailbox || f.mailbox !== undefined || f.folder !== undefined) return undefined;
  if (f.mailboxes.length === 1) return equals(m.mailbox_id, f.mailboxes[0]!, unindexed);
  return unindexed
    ? sql`${m.mailbox_id} + 0 in (${sql.join(
        f.mailboxes.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : inArray(m.mailbox_id, f.mailboxes);
}

/** The planner's row estimate of a filter (its statistics; a fraction of a millisecond). */
async function estimateRows(ex: Executor, where: SQL | undefined): Promise<number> {
  const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
    ex,
    sql`explain (format json) select 1 from ${m} ${where ? sql`where ${where}` : sql``}`,
  );
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A search expected to match up to this many messages is collected from the GIN index, sorted,
 * and counted in one pass (`collected`); above, the page walks the list index and stops after a
 * page, filtering (a common word matches within the first rows), and the total is the estimate.
 */
const COLLECT_UP_TO = 5 * EXACT_COUNT_UP_TO;

/** The matches of a search, sorted, with their exact count: one GIN scan for the page and the total. */
async function collected(
  ex: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number } | null> {
  const rows = await queryRows<{ id: number; total: number }>(
    ex,
    sql`with found as materialized (
        select ${m.id} as id, ${UNREAD_LAST} as is_read, ${m.date} as date from ${m} where ${where}
      )
      select id, (select count(*) from found)::int as total from found
      order by is_read asc, date desc, id desc limit ${limit} offset ${offset}`,
  );
  // Past the last page no row carries the total.
  if (rows.length === 0 && offset > 0) return null;
  return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0]?.total ?? 0) };
}

/**
 * How many messages match: exact up to EXACT_COUNT_UP_TO, the planner's estimate above (as
 * `countRows` does). When the estimate is far above the bound it is the answer: counting even a
 * thousand matches would read the heap in its own order, filtering (30 ms for a word in one
 * subject in twenty-four of a 120,000-message folder, bench/mail), to say what the estimate says.
 */
async function totalOf(ex: Executor, where: SQL | undefined, estimate: number): Promise<number> {
  if (estimate > COLLECT_UP_TO) return estimate;
  const [capped] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from (select 1 from ${m} ${where ? sql`where ${where}` : sql``}
      limit ${EXACT_COUNT_UP_TO + 1}) s`,
  );
  const n = Number(capped?.n ?? 0);
  return n <= EXACT_COUNT_UP_TO ? n : Math.max(n, estimate);
}

/**
 * Across several mailboxes no index holds the list's order, so each mailbox's head is read from
 * its own index (up to the page's end) and the few heads merged: 4 × 20 rows, not 500,000 sorted.
 * A client or a request is a few dozen messages: those are fetched and sorted as they are.
 */
const acrossMailboxes = (f: MessageFilter) =>
  f.mailbox === undefined &&
  f.folder === undefined &&
  f.client === undefined &&
  f.request === undefined &&
  f.mailboxes.length > 1;

/** One page in the list's order, read from the head of the list index (of each mailbox). */
async function walked(
  ex: Executor,
  f: MessageFilter,
  narrow: SQL | undefined,
  limit: number,
  offset: number,
): Promise<number[]> {
  if (acrossMailboxes(f)) {
    const heads = f.mailboxes.map(
      (id) =>
        sql`(select ${m.id} as id, ${UNREAD_LAST} as is_read, ${m.date} as date from ${m}
          where ${allOf([eq(m.mailbox_id, id), narrow])} order by ${LIST_ORDER} limit ${limit + offset})`,
    );
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`select id from (${sql.join(heads, sql` union all `)}) heads
        order by is_read asc, date desc, id desc limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => Number(r.id));
  }
  const rows = await ex
    .select({ id: m.id })
    .from(m)
    .where(allOf([privacy(f), narrow]))
    .orderBy(LIST_ORDER)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
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
   * One page of ids from `mail_messages` alone, then those rows with their links' names. The
   * planner's estimate of the filter picks the way: a search expected to match a few thousand
   * messages at most is collected from the GIN index, sorted and counted in one pass; anything
   * broader walks the list index in its order and stops after a page, its total the estimate
   * (exact up to a thousand when the estimate is near that).
   */
  async list(
    ex: Executor,
    f: MessageFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: MessageSummaryView[]; total: number }> {
    const query = prefixQuery(f.search);
    const where = allOf([privacy(f), narrowing(f, query ? matches(query) : undefined)]);
    // the planner's estimate of the whole filter (a search's words' frequencies multiplied)
    const estimate = await estimateRows(ex, where);
    let page: { ids: number[]; total: number } | null = null;
    if (query !== null) {
      // Collected from the GIN index, sorted and counted in one pass, when a word is rare or the
      // whole search is (an exact total is due); otherwise the list index is walked, filtering,
      // and the total is the estimate (above a thousand: "about").
      const rare = await rareSearch(ex, query, f.search!);
      if (rare || estimate <= EXACT_COUNT_UP_TO)
        page = await collected(
          ex,
          allOf([privacy(f, true), narrowing(f, rare ?? matches(query), true)]),
          limit,
          offset,
        );
      else page = { ids: await walked(ex, f, narrowing(f, matches(query)), limit, offset), total: estimate };
    }
    if (!page) {
      const [ids, count] = await Promise.all([
        walked(ex, f, narrowing(f, query ? matches(query) : undefined), limit, offset),
        totalOf(ex, where, estimate),
      ]);
      page = { ids, total: count };
    }
    const { ids } = page;
    // A short page is the last one, whatever the count said.
    const total = ids.length < limit && (ids.length > 0 || offset === 0) ? offset + ids.length : page.total;
    if (ids.length === 0) return { rows: [], total };
    const rows = await ex
      .select(summarySelection)
      .from(m)
      .leftJoin(clients, eq(clients.id, m.client_id))
      .leftJoin(requests, eq(requests.id, m.request_id))
      .where(inArray(m.id, ids));
    return { rows: inOrder(ids, rows as MessageSummaryView[]), total };
  },

  /** The ids of the mailboxes `visible` lets through, and how many there are in all. */
  async visibleMailboxes(ex: Executor, visible: SQL): Promise<{ ids: number[]; all: number }> {
    const rows = await queryRows<{ id: number; visible: boolean }>(
      ex,
      sql`select id, (${visible}) as visible from mailboxes`,
    );
    return { ids: rows.filter((r) => r.visible).map((r) => Number(r.id)), all: rows.length };
  },

  async folderMailbox(ex: Executor, folderId: number): Promise<number | null> {
    const rows = await ex
      .select({ mailbox_id: mailFolders.mailbox_id })
      .from(mailFolders)
      .where(eq(mailFolders.id, folderId));
    return rows[0]?.mailbox_id ?? null;
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

import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { countRows, EXACT_COUNT_UP_TO } from '../../platform/list-query/paging.ts';
import { regions } from '../rates/regions.table.ts';
import { mailboxes, mailMessages } from './mail.table.ts';

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailboxInsert = typeof mailboxes.$inferInsert;

/** A mailbox with its office's title and its unread incoming messages. */
export interface MailboxView {
  mailbox: MailboxRow;
  office_title: string;
  unread: number;
}

export interface FolderCounts {
  id: number;
  mailbox_id: number;
  path: string;
  name: string;
  role: string | null;
  unread: number;
  total: number;
}

const viewSelection = {
  mailbox: mailboxes,
  office_title: regions.title,
  // unread incoming mail of its folders: `mail_messages_unread_idx` alone
  unread: sql<number>`(select count(*)::int from mail_messages u
    where u.folder_id in (select f.id from mail_folders f where f.mailbox_id = ${mailboxes.id})
      and u.seen_at is null and u.direction = 'in')`,
};

export const mailboxesRepository = {
  /** Mailboxes by office title, narrowed by `where` (the caller's privacy rule). */
  async list(ex: Executor, where: SQL | undefined): Promise<MailboxView[]> {
    const rows = await ex
      .select(viewSelection)
      .from(mailboxes)
      .innerJoin(regions, eq(regions.id, mailboxes.region_id))
      .where(where)
      .orderBy(asc(regions.title), asc(mailboxes.id));
    return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
  },

  async view(ex: Executor, id: number, where?: SQL): Promise<MailboxView | null> {
    const rows = await ex
      .select(viewSelection)
      .from(mailboxes)
      .innerJoin(regions, eq(regions.id, mailboxes.region_id))
      .where(and(eq(mailboxes.id, id), where));
    const row = rows[0];
    return row ? { ...row, unread: Number(row.unread) } : null;
  },

  async find(ex: Executor, id: number, forUpdate = false): Promise<MailboxRow | null> {
    const q = ex.select().from(mailboxes).where(eq(mailboxes.id, id));
    const rows = forUpdate ? await q.for('update') : await q;
    return rows[0] ?? null;
  },

  async insert(ex: Executor, values: MailboxInsert): Promise<MailboxRow> {
    return (await ex.insert(mailboxes).values(values).returning())[0]!;
  },

  /** Updates only at `version`; null when someone else changed the row first. */
  async update(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<MailboxInsert>,
  ): Promise<MailboxRow | null> {
    const rows = await ex
      .update(mailboxes)
      .set({ ...values, updated_at: new Date(), version: sql`${mailboxes.version} + 1` })
      .where(and(eq(mailboxes.id, id), eq(mailboxes.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async officeExists(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
    return rows.length > 0;
  },

  /**
   * A mailbox's folders with their unread incoming messages (exact, from the unread index) and
   * their messages: exact up to EXACT_COUNT_UP_TO, the planner's estimate above (as the list's
   * total), since counting a folder of 100,000 messages on every visit costs a scan of it.
   */
  async folders(ex: Executor, mailboxId: number): Promise<FolderCounts[]> {
    const rows = await queryRows<FolderCounts>(
      ex,
      sql`select f.id, f.mailbox_id, f.path, f.name, f.role,
          (select count(*) from mail_messages u
            where u.folder_id = f.id and u.seen_at is null and u.direction = 'in')::int as unread,
          (select count(*) from (select 1 from mail_messages t where t.folder_id = f.id
            limit ${EXACT_COUNT_UP_TO + 1}) capped)::int as total
        from mail_folders f
        where f.mailbox_id = ${mailboxId}
        order by case f.role when 'inbox' then 0 when 'sent' then 1 else 2 end, lower(f.path), f.id`,
    );
    const out: FolderCounts[] = [];
    for (const r of rows) {
      let total = Number(r.total);
      if (total > EXACT_COUNT_UP_TO)
        total = (await countRows(ex, mailMessages, eq(mailMessages.folder_id, r.id))).total;
      out.push({ ...r, id: Number(r.id), total, unread: Number(r.unread) });
    }
    return out;
  },
};

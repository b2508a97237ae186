import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../platform/full-text-search.ts';
import { users } from '../users/users.table.ts';
import { chatChannels, chatMembers, chatMessages } from './chat.table.ts';

export type ChannelRecord = typeof chatChannels.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect & { author_name: string };
export interface MemberRow {
  channel_id: number;
  id: number;
  name: string;
  avatar: string | null;
}
/** A channel as one member sees it: their marker, what came after it, and the newest message. */
export interface ChannelRow extends ChannelRecord {
  last_read_message_id: number | null;
  unread_count: number;
  last_message: MessageRow | null;
}

const lastMessage = alias(chatMessages, 'last_message');
const lastAuthor = alias(users, 'last_author');

const messageSelection = {
  id: chatMessages.id,
  channel_id: chatMessages.channel_id,
  author_id: chatMessages.author_id,
  body: chatMessages.body,
  created_at: chatMessages.created_at,
  edited_at: chatMessages.edited_at,
  deleted: chatMessages.deleted,
  author_name: users.name,
};

/**
 * Messages after the member's marker written by someone else (a deleted one is not waiting to be
 * read). Correlated per channel of the page, on the (channel_id, id) index: one statement.
 */
function unreadCount(userId: number): SQL<number> {
  return sql<number>`(
    select count(*)::int from ${chatMessages} u
    where u.channel_id = ${chatChannels.id}
      and u.id > coalesce(${chatMembers.last_read_message_id}, 0)
      and u.author_id <> ${userId}
      and not u.deleted
  )`;
}

/** A group's title or any member's name (a direct channel is known by the other member's name). */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(chatChannels.title, pattern),
    sql`exists (
      select 1 from ${chatMembers} sm join ${users} su on su.id = sm.user_id
      where sm.channel_id = ${chatChannels.id} and su.name ilike ${pattern}
    )`,
  );
}

export const chatRepository = {
  /** The user's channels, busiest first: newest message first, channels without one last. */
  async listChannels(
    ex: Executor,
    userId: number,
    q: { search?: string | undefined; limit: number; offset: number; channelId?: number },
  ): Promise<{ rows: ChannelRow[]; total: number }> {
    const where = and(
      eq(chatMembers.user_id, userId),
      q.channelId === undefined ? undefined : eq(chatMembers.channel_id, q.channelId),
      searchCondition(q.search),
    );
    const [rows, totals] = await Promise.all([
      ex
        .select({
          channel: chatChannels,
          last_read_message_id: chatMembers.last_read_message_id,
          unread_count: unreadCount(userId),
          last: {
            id: lastMessage.id,
            channel_id: lastMessage.channel_id,
            author_id: lastMessage.author_id,
            body: lastMessage.body,
            created_at: lastMessage.created_at,
            edited_at: lastMessage.edited_at,
            deleted: lastMessage.deleted,
          },
          last_author_name: lastAuthor.name,
        })
        .from(chatMembers)
        .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channel_id))
        .leftJoin(lastMessage, eq(lastMessage.id, chatChannels.last_message_id))
        .leftJoin(lastAuthor, eq(lastAuthor.id, lastMessage.author_id))
        .where(where)
        .orderBy(sql`${chatChannels.last_message_id} desc nulls last`, desc(chatChannels.id))
        .limit(q.limit)
        .offset(q.offset),
      ex
        .select({ n: count() })
        .from(chatMembers)
        .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channel_id))
        .where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        ...r.channel,
        last_read_message_id: r.last_read_message_id,
        unread_count: Number(r.unread_count),
        last_message: r.last ? { ...r.last, author_name: r.last_author_name ?? '' } : null,
      })),
      total: totals[0]?.n ?? 0,
    };
  },

  async findChannel(ex: Executor, id: number): Promise<ChannelRecord | null> {
    const rows = await ex.select().from(chatChannels).where(eq(chatChannels.id, id));
    return rows[0] ?? null;
  },

  /** The channel and whether the user is one of its members (null: no such channel). */
  async channelFor(
    ex: Executor,
    id: number,
    userId: number,
  ): Promise<{ channel: ChannelRecord; isMember: boolean } | null> {
    const rows = await ex
      .select({ channel: chatChannels, member: chatMembers.user_id })
      .from(chatChannels)
      .leftJoin(
        chatMembers,
        and(eq(chatMembers.channel_id, chatChannels.id), eq(chatMembers.user_id, userId)),
      )
      .where(eq(chatChannels.id, id));
    const row = rows[0];
    return row ? { channel: row.channel, isMember: row.member !== null } : null;
  },

  /** The channel's row locked, so member changes of one channel run one after another. */
  async lockChannel(ex: Executor, id: number): Promise<ChannelRecord | null> {
    const rows = await ex.select().from(chatChannels).where(eq(chatChannels.id, id)).for('update');
    return rows[0] ?? null;
  },

  async findDirect(ex: Executor, directKey: string): Promise<ChannelRecord | null> {
    const rows = await ex.select().from(chatChannels).where(eq(chatChannels.direct_key, directKey));
    return rows[0] ?? null;
  },

  async insertChannel(
    ex: Executor,
    values: {
      kind: 'direct' | 'group';
      title: string;
      direct_key: string | null;
      created_by: number;
      created_at?: Date;
    },
  ): Promise<ChannelRecord> {
    return (await ex.insert(chatChannels).values(values).returning())[0]!;
  },

  /** Adds members (an existing one stays as is); their read marker starts at `readUpTo`. */
  async addMembers(
    ex: Executor,
    channelId: number,
    userIds: number[],
    readUpTo: number | null,
  ): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await ex
      .insert(chatMembers)
      .values(userIds.map((user_id) => ({ channel_id: channelId, user_id, last_read_message_id: readUpTo })))
      .onConflictDoNothing()
      .returning({ user_id: chatMembers.user_id });
    return rows.map((r) => r.user_id);
  },

  async removeMember(ex: Executor, channelId: number, userId: number): Promise<boolean> {
    const rows = await ex
      .delete(chatMembers)
      .where(and(eq(chatMembers.channel_id, channelId), eq(chatMembers.user_id, userId)))
      .returning({ user_id: chatMembers.user_id });
    return rows.length > 0;
  },

  async memberIds(ex: Executor, channelId: number): Promise<number[]> {
    const rows = await ex
      .select({ user_id: chatMembers.user_id })
      .from(chatMembers)
      .where(eq(chatMembers.channel_id, channelId));
    return rows.map((r) => r.user_id);
  },

  /** The channels a user is in (on the members' user index). */
  async channelIdsOf(ex: Executor, userId: number): Promise<number[]> {
    const rows = await ex
      .select({ channel_id: chatMembers.channel_id })
      .from(chatMembers)
      .where(eq(chatMembers.user_id, userId));
    return rows.map((r) => r.channel_id);
  },

  /** The members of some channels with what a member list shows, by name. */
  async membersOf(ex: Executor, channelIds: number[]): Promise<MemberRow[]> {
    if (channelIds.length === 0) return [];
    return ex
      .select({ channel_id: chatMembers.channel_id, id: users.id, name: users.name, avatar: users.avatar })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.user_id))
      .where(inArray(chatMembers.channel_id, channelIds))
      .orderBy(asc(chatMembers.channel_id), asc(users.name), asc(users.id));
  },

  /** Which of these ids are active users. */
  async activeUserIds(ex: Executor, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.is_active, true)));
    return rows.map((r) => r.id);
  },

  async findMessage(ex: Executor, id: number, { lock = false } = {}): Promise<MessageRow | null> {
    const query = ex
      .select(messageSelection)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.author_id))
      .where(eq(chatMessages.id, id));
    const rows = lock ? await query.for('update', { of: chatMessages }) : await query;
    return rows[0] ?? null;
  },

  /** One page of history, newest first: `limit + 1` rows are read to tell whether more remain. */
  async listMessages(
    ex: Executor,
    channelId: number,
    q: { limit: number; before?: number | undefined },
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await ex
      .select(messageSelection)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.author_id))
      .where(
        and(
          eq(chatMessages.channel_id, channelId),
          q.before === undefined ? undefined : lt(chatMessages.id, q.before),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(q.limit + 1);
    return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
  },

  async insertMessage(
    ex: Executor,
    values: { channel_id: number; author_id: number; body: string; created_at?: Date },
  ): Promise<typeof chatMessages.$inferSelect> {
    return (await ex.insert(chatMessages).values(values).returning())[0]!;
  },

  async updateMessage(
    ex: Executor,
    id: number,
    values: { body: string; edited_at?: Date; deleted?: boolean },
  ): Promise<void> {
    await ex.update(chatMessages).set(values).where(eq(chatMessages.id, id));
  },

  /**
   * Moves the channel's newest-message pointer forward only: two sends committing out of order
   * must not leave it on the older one.
   */
  async touchChannel(ex: Executor, channelId: number, messageId: number): Promise<void> {
    await ex
      .update(chatChannels)
      .set({ last_message_id: sql`greatest(coalesce(${chatChannels.last_message_id}, 0), ${messageId})` })
      .where(eq(chatChannels.id, channelId));
  },

  /** Moves a member's read marker forward (never back); answers the new marker, or null if it did not move. */
  async advanceMarker(
    ex: Executor,
    channelId: number,
    userId: number,
    messageId: number,
  ): Promise<number | null> {
    const rows = await ex
      .update(chatMembers)
      .set({ last_read_message_id: messageId })
      .where(
        and(
          eq(chatMembers.channel_id, channelId),
          eq(chatMembers.user_id, userId),
          or(isNull(chatMembers.last_read_message_id), lt(chatMembers.last_read_message_id, messageId)),
        ),
      )
      .returning({ marker: chatMembers.last_read_message_id });
    return rows[0]?.marker ?? null;
  },

  /** The member's marker and the messages by others after it (see `unreadCount`). */
  async readState(
    ex: Executor,
    channelId: number,
    userId: number,
  ): Promise<{ last_read_message_id: number | null; unread_count: number } | null> {
    const rows = await ex
      .select({ last_read_message_id: chatMembers.last_read_message_id, unread_count: unreadCount(userId) })
      .from(chatMembers)
      .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channel_id))
      .where(and(eq(chatMembers.channel_id, channelId), eq(chatMembers.user_id, userId)));
    const row = rows[0];
    return row
      ? { last_read_message_id: row.last_read_message_id, unread_count: Number(row.unread_count) }
      : null;
  },
};

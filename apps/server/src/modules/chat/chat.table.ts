import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** A direct channel (two members, `direct_key` "low:high" keeps one per pair) or a group. */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 120 }).notNull().default(''),
    direct_key: varchar('direct_key', { length: 24 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's id, so the channel list sorts by activity without a scan. */
    last_message_id: integer('last_message_id'),
  },
  (t) => [
    uniqueIndex('chat_channels_direct_key').on(t.direct_key),
    check('chat_channels_kind_check', sql`${t.kind} in ('direct', 'group')`),
    check('chat_channels_direct_check', sql`(${t.kind} = 'direct') = (${t.direct_key} is not null)`),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    channel_id: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The read marker: every message up to this id has been read. */
    last_read_message_id: integer('last_read_message_id'),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel_id, t.user_id] }), index('chat_members_user_idx').on(t.user_id)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    channel_id: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
    /** A deleted message keeps its place in the history (its body emptied). */
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('chat_messages_channel_idx').on(t.channel_id, t.id)],
);

import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Stored per user; the header counter is the unread count (DOMAIN.md, Notifications). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 32 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    data: jsonb('data').notNull().default({}),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_unread_idx').on(t.user_id, t.read_at),
    // the list's order, newest first, per user
    index('notifications_user_created_idx').on(t.user_id, t.created_at.desc(), t.id.desc()),
  ],
);

import { TASK_PRIORITIES, TASK_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { tsvector } from '../../platform/full-text-search.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/** A task (DOMAIN.md, Collaboration): linked to a request or a client, or to nothing. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    priority: varchar('priority', { length: 16 }).notNull().default('Normal'),
    status: varchar('status', { length: 16 }).notNull().default('Not started'),
    assignee_id: integer('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deadline: timestamp('deadline', { withTimezone: true }),
    request_id: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** Words of the title and description (`searchVector`), for a search over every task (GIN). */
    search_vector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_assignee_idx').on(t.assignee_id, t.status, t.deadline),
    index('tasks_author_idx').on(t.author_id, t.status, t.deadline),
    index('tasks_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.status} <> 'Completed' and ${t.deadline} is not null`),
    // the lists' orders: "all" by deadline or creation, "mine" / "I assigned" by deadline (bench/README.md, Tasks)
    index('tasks_deadline_idx').on(t.deadline, t.id),
    index('tasks_created_idx').on(t.created_at, t.id),
    index('tasks_assignee_deadline_idx').on(t.assignee_id, t.deadline, t.id),
    index('tasks_author_deadline_idx').on(t.author_id, t.deadline, t.id),
    index('tasks_search_idx').using('gin', t.search_vector),
    index('tasks_request_idx').on(t.request_id),
    index('tasks_client_idx').on(t.client_id),
    check('tasks_priority_check', sql`${t.priority} in (${sqlValueList(TASK_PRIORITIES)})`),
    check('tasks_status_check', sql`${t.status} in (${sqlValueList(TASK_STATUSES)})`),
    check('tasks_one_link_check', sql`num_nonnulls(${t.request_id}, ${t.client_id}) <= 1`),
  ],
);

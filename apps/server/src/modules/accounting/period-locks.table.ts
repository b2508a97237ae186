import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../directory/companies.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A closed month of a company (decision 0011, "Period locks"): nothing dated in it is created,
 * changed or deleted until an Admin reopens it (`reopened_at`).
 */
export const periodLocks = pgTable(
  'period_locks',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    locked_at: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    locked_by: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
    reopened_at: timestamp('reopened_at', { withTimezone: true }),
    reopened_by: integer('reopened_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.month] })],
);

import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Reminders already raised: a reminder job inserts its key here in the transaction that stores the
 * notifications, `on conflict do nothing`, so each is raised once however many processes run the
 * job and whatever restarts in between. `due` is part of the key: a moved deadline reminds again.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    /** `task_due`, `task_overdue`, `payment_due`, `payment_overdue`. */
    kind: varchar('kind', { length: 32 }).notNull(),
    subject_id: integer('subject_id').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject_id, t.due] }),
    index('reminders_sent_at_idx').on(t.sent_at),
  ],
);

/** The last run of each background job, so a restart knows where it was (and the health of jobs shows). */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  last_started_at: timestamp('last_started_at', { withTimezone: true }),
  last_finished_at: timestamp('last_finished_at', { withTimezone: true }),
  last_error: varchar('last_error', { length: 500 }),
});

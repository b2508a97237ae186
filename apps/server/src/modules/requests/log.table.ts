import { LOG_REQUEST_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { users } from '../users/users.table.ts';
import { requests } from './requests.table.ts';

/**
 * A LOG record: BO hands a request over to accounting (DOMAIN.md "LOG"). NEW until an accountant
 * CONFIRMs it or sends it FOR CORRECTION; BO's resubmission makes it NEW again. At most one record
 * of a request is open (not CONFIRM) at a time, kept by a partial unique index.
 */
export const logRecords = pgTable(
  'log_records',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 24 }).notNull(),
    submitted_by: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who confirmed or sent back last, and when. */
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** The accountant's last correction comment. */
    comment: text('comment'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('log_records_status_idx').on(t.status, t.submitted_at),
    index('log_records_request_idx').on(t.request_id),
    // LOG-report: newest first submission first, and its date filters
    index('log_records_created_idx').on(t.created_at, t.id),
    uniqueIndex('log_records_open_key').on(t.request_id).where(sql`${t.status} <> 'CONFIRM'`),
    check('log_records_status_check', sql`${t.status} in (${sqlValueList(LOG_REQUEST_STATUSES)})`),
  ],
);

/** Every step of a LOG record (who, when, comment): the history shown on the request. */
export const logEvents = pgTable(
  'log_events',
  {
    id: serial('id').primaryKey(),
    log_id: integer('log_id')
      .notNull()
      .references(() => logRecords.id, { onDelete: 'cascade' }),
    /** submitted, resubmitted, confirmed, sent_for_correction */
    action: varchar('action', { length: 24 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    comment: text('comment'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('log_events_log_idx').on(t.log_id, t.id),
    // LOG-report counts corrections from the index alone
    index('log_events_corrections_idx').on(t.log_id).where(sql`${t.action} = 'sent_for_correction'`),
  ],
);

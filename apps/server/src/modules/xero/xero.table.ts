import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The one Xero organisation this product is connected to (decision 0015): a single row (id 1).
 * Tokens are sealed (`platform/secret-box.ts`) and never leave the server. Every refresh rotates
 * the refresh token: `token_version` rises with each saved rotation, and the refresh lease lets
 * one process refresh at a time without holding a transaction across the call to Xero.
 */
export const xeroConnections = pgTable(
  'xero_connections',
  {
    id: integer('id').primaryKey().default(1),
    tenant_id: varchar('tenant_id', { length: 64 }).notNull(),
    tenant_name: varchar('tenant_name', { length: 200 }).notNull(),
    /** Xero's id of the connection (`DELETE /connections/{id}` on disconnect). */
    connection_id: varchar('connection_id', { length: 64 }),
    access_token: text('access_token').notNull(),
    refresh_token: text('refresh_token').notNull(),
    access_expires_at: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    token_version: integer('token_version').notNull().default(1),
    refresh_owner: varchar('refresh_owner', { length: 100 }),
    refresh_lease_until: timestamp('refresh_lease_until', { withTimezone: true }),
    /** Set when Xero refused the refresh token for good (revoked in Xero): connect again. */
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Why the connection stopped working, in Xero's words. */
    last_error: text('last_error'),
    /** Contacts changed in Xero after this are pulled back (`If-Modified-Since`). */
    contacts_pulled_at: timestamp('contacts_pulled_at', { withTimezone: true }),
    connected_by: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connected_at: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('xero_connections_single_check', sql`${t.id} = 1`)],
);

/**
 * An authorization under way: the `state` sent to Xero (stored hashed) and the PKCE verifier
 * (sealed). `code/` takes it once; it expires after 10 minutes.
 */
export const xeroAuthRequests = pgTable(
  'xero_auth_requests',
  {
    state_hash: char('state_hash', { length: 64 }).primaryKey(),
    code_verifier: text('code_verifier').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('xero_auth_requests_expires_idx').on(t.expires_at)],
);

/**
 * A background sync (contacts, or invoices with bills and payments) and its progress. At most one
 * is queued or running at a time (the partial unique index): a second request gets the first.
 * A process works a run under a lease, so a run whose process died is taken up again.
 */
export const xeroSyncRuns = pgTable(
  'xero_sync_runs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 12 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('queued'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    pulled: integer('pulled').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The records that failed: `XeroSyncError[]`, bounded to the first 200. */
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    lease_owner: varchar('lease_owner', { length: 100 }),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('xero_sync_runs_active_key').on(sql`(true)`).where(sql`status in ('queued', 'running')`),
    index('xero_sync_runs_created_idx').on(t.created_at),
    check('xero_sync_runs_kind_check', sql`${t.kind} in ('contacts', 'invoices')`),
    check('xero_sync_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * A record of this product and its counterpart in Xero: the ContactID of a client or supplier, the
 * InvoiceID of an invoice or bill, the PaymentID of an allocation. `fingerprint` is the hash of
 * what was last sent, so an unchanged record is not sent again (idempotent pushes). `sending`
 * marks a create under way: one still marked so in a later run may have reached Xero before its
 * answer was lost, so that run looks it up first instead of creating it twice.
 */
export const xeroRecords = pgTable(
  'xero_records',
  {
    /** The Xero organisation the id belongs to: connecting another one starts afresh. */
    tenant_id: varchar('tenant_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    record_id: integer('record_id').notNull(),
    xero_id: varchar('xero_id', { length: 64 }),
    status: varchar('status', { length: 8 }).notNull(),
    fingerprint: char('fingerprint', { length: 64 }),
    error: text('error'),
    pushed_at: timestamp('pushed_at', { withTimezone: true }),
    /** Xero's `UpdatedDateUTC` of what was last seen there. */
    xero_updated_at: timestamp('xero_updated_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_id, t.kind, t.record_id] }),
    uniqueIndex('xero_records_xero_id_key')
      .on(t.tenant_id, t.kind, t.xero_id)
      .where(sql`xero_id is not null`),
    check('xero_records_kind_check', sql`${t.kind} in ('client', 'supplier', 'invoice', 'bill', 'payment')`),
    check('xero_records_status_check', sql`${t.status} in ('sending', 'pushed', 'failed')`),
  ],
);

/** How pushes are coded in Xero (`XeroSettings`): one row (id 1), made with defaults on first use. */
export const xeroSettings = pgTable(
  'xero_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('xero_settings_single_check', sql`${t.id} = 1`)],
);

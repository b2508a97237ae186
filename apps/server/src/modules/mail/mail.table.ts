import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../platform/full-text-search.ts';
import { clients } from '../directory/clients.table.ts';
import { regions } from '../rates/regions.table.ts';
import { requests } from '../requests/requests.table.ts';

/**
 * The shared mailbox of one office (decision 0014). Passwords are stored encrypted
 * (AES-256-GCM under MAIL_SECRET_KEY, `platform/secret-box.ts`) and never leave the server. The
 * lease columns let one process sync it at a time without holding a transaction open for the
 * whole sync (each batch commits on its own).
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: serial('id').primaryKey(),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The From address of what is sent. */
    address: varchar('address', { length: 254 }).notNull(),
    imap_host: varchar('imap_host', { length: 253 }).notNull(),
    imap_port: integer('imap_port').notNull(),
    imap_security: varchar('imap_security', { length: 8 }).notNull(),
    imap_user: varchar('imap_user', { length: 254 }).notNull(),
    imap_password_enc: text('imap_password_enc').notNull(),
    smtp_host: varchar('smtp_host', { length: 253 }).notNull(),
    smtp_port: integer('smtp_port').notNull(),
    smtp_security: varchar('smtp_security', { length: 8 }).notNull(),
    smtp_user: varchar('smtp_user', { length: 254 }),
    smtp_password_enc: text('smtp_password_enc'),
    enabled: boolean('enabled').notNull().default(true),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    last_error: varchar('last_error', { length: 1000 }),
    /** Which process syncs it now, and until when its lease holds unless renewed. */
    sync_owner: varchar('sync_owner', { length: 100 }),
    sync_lease_until: timestamp('sync_lease_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('mailboxes_region_key').on(t.region_id),
    check('mailboxes_imap_security_check', sql`${t.imap_security} in ('tls', 'starttls', 'none')`),
    check('mailboxes_smtp_security_check', sql`${t.smtp_security} in ('tls', 'starttls', 'none')`),
  ],
);

/** A folder of a mailbox and the sync's cursor in it: UIDs up to `last_uid` of `uidvalidity` are stored. */
export const mailFolders = pgTable(
  'mail_folders',
  {
    id: serial('id').primaryKey(),
    mailbox_id: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 1000 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** `inbox`, `sent` or null (from the server's special-use flags). */
    role: varchar('role', { length: 10 }),
    uidvalidity: bigint('uidvalidity', { mode: 'number' }),
    last_uid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('mail_folders_mailbox_path_key').on(t.mailbox_id, t.path)],
);

/**
 * One message, stored once: by its place on the server (folder, UIDVALIDITY, UID) and by its
 * Message-ID within the mailbox, both unique, so `insert … on conflict do nothing` makes restarts
 * and parallel processes harmless. `html` is kept as received and sanitised when served.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    mailbox_id: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    folder_id: integer('folder_id').references(() => mailFolders.id, { onDelete: 'set null' }),
    uidvalidity: bigint('uidvalidity', { mode: 'number' }),
    uid: bigint('uid', { mode: 'number' }),
    /** With its angle brackets; a message without one gets `<sha256-of-source@backoffice>`. */
    message_id: varchar('message_id', { length: 998 }).notNull(),
    in_reply_to: varchar('in_reply_to', { length: 998 }),
    /** The References header's ids, oldest first. */
    references: jsonb('references').$type<string[]>().notNull().default([]),
    direction: varchar('direction', { length: 3 }).notNull(),
    from_name: varchar('from_name', { length: 300 }).notNull().default(''),
    /** Lower-cased. */
    from_address: varchar('from_address', { length: 254 }).notNull().default(''),
    to: jsonb('to').$type<{ name: string; address: string }[]>().notNull().default([]),
    cc: jsonb('cc').$type<{ name: string; address: string }[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull(),
    text: text('text').notNull().default(''),
    html: text('html'),
    snippet: varchar('snippet', { length: 300 }).notNull().default(''),
    has_attachments: boolean('has_attachments').notNull().default(false),
    size: integer('size').notNull().default(0),
    /** Read in the app (the mailbox is shared: one mark for its office). */
    seen_at: timestamp('seen_at', { withTimezone: true }),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    request_id: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** `auto` or `user`; a link made by hand is not redone by the sync. */
    linked_by: varchar('linked_by', { length: 4 }),
    /** Sender, recipients, subject and text. */
    search_vector: tsvector('search_vector').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_messages_server_key').on(t.mailbox_id, t.folder_id, t.uidvalidity, t.uid),
    uniqueIndex('mail_messages_message_id_key').on(t.mailbox_id, t.message_id),
    // The list's order: unread first, then newest (the repository orders by the same expressions).
    index('mail_messages_folder_list_idx').on(
      t.folder_id,
      sql`(${t.seen_at} is not null)`,
      t.date.desc(),
      t.id.desc(),
    ),
    index('mail_messages_mailbox_list_idx').on(
      t.mailbox_id,
      sql`(${t.seen_at} is not null)`,
      t.date.desc(),
      t.id.desc(),
    ),
    // Unread incoming mail per folder (and so per mailbox): counted from this small index alone.
    index('mail_messages_unread_idx')
      .on(t.folder_id)
      .where(sql`${t.seen_at} is null and ${t.direction} = 'in'`),
    index('mail_messages_client_idx').on(t.client_id, t.date.desc()).where(sql`${t.client_id} is not null`),
    index('mail_messages_request_idx')
      .on(t.request_id, t.date.desc())
      .where(sql`${t.request_id} is not null`),
    index('mail_messages_search_idx').using('gin', t.search_vector),
    check('mail_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('mail_messages_linked_by_check', sql`${t.linked_by} is null or ${t.linked_by} in ('auto', 'user')`),
  ],
);

/** An attachment; its bytes are in the blob store under `content_hash` (null: over the bound, not kept). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    message_id: integer('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    /** From 1, in the message's order: the `{n}` of the download path. */
    position: integer('position').notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    content_hash: char('content_hash', { length: 64 }),
    /** The Content-ID of an inline part (`cid:` in the HTML), without brackets. */
    content_id: varchar('content_id', { length: 998 }),
  },
  (t) => [
    uniqueIndex('mail_attachments_message_position_key').on(t.message_id, t.position),
    index('mail_attachments_hash_idx').on(t.content_hash),
  ],
);

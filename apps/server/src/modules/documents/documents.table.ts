import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/** A folder of the documents tree (decision 0014). Linked to at most one client or request. */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: serial('id').primaryKey(),
    // Restrict: a folder goes only once its subfolders are gone (the service deletes bottom-up).
    parent_id: integer('parent_id').references((): AnyPgColumn => documentFolders.id, {
      onDelete: 'restrict',
    }),
    name: varchar('name', { length: 255 }).notNull(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    request_id: integer('request_id').references(() => requests.id, { onDelete: 'restrict' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('document_folders_parent_name_key').on(
      sql`coalesce(${t.parent_id}, 0)`,
      sql`lower(${t.name})`,
    ),
    uniqueIndex('document_folders_client_key').on(t.client_id).where(sql`${t.client_id} is not null`),
    uniqueIndex('document_folders_request_key').on(t.request_id).where(sql`${t.request_id} is not null`),
    check('document_folders_one_link_check', sql`${t.client_id} is null or ${t.request_id} is null`),
  ],
);

/** A file: its bytes live in the blob store under `content_hash`; several rows may share one blob. */
export const documentFiles = pgTable(
  'document_files',
  {
    id: serial('id').primaryKey(),
    // Restrict: deleting a folder's files is an explicit step of the service, never a cascade.
    folder_id: integer('folder_id')
      .notNull()
      .references(() => documentFolders.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    content_hash: char('content_hash', { length: 64 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_files_folder_name_key').on(t.folder_id, sql`lower(${t.name})`),
    index('document_files_hash_idx').on(t.content_hash),
  ],
);

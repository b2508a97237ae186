import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../platform/full-text-search.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    first_name: varchar('first_name', { length: 100 }).notNull(),
    last_name: varchar('last_name', { length: 100 }).notNull(),
    /** Stored lower-cased; unique when present (archived clients keep theirs). */
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    phone_alt: varchar('phone_alt', { length: 40 }),
    gender: varchar('gender', { length: 10 }),
    language: varchar('language', { length: 2 }),
    birthday: date('birthday', { mode: 'string' }),
    nationality: varchar('nationality', { length: 100 }),
    passport_number: varchar('passport_number', { length: 40 }),
    passport_expiry: date('passport_expiry', { mode: 'string' }),
    address: varchar('address', { length: 300 }),
    city: varchar('city', { length: 100 }),
    country: varchar('country', { length: 100 }),
    membership: varchar('membership', { length: 30 }),
    membership_start: date('membership_start', { mode: 'string' }),
    membership_end: date('membership_end', { mode: 'string' }),
    rating: varchar('rating', { length: 20 }).notNull().default('Basic'),
    fo_manager_id: integer('fo_manager_id').references(() => users.id, { onDelete: 'set null' }),
    region_id: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    /** Days from issue to due on the client's invoices (null: 14). */
    payment_terms_days: integer('payment_terms_days'),
    notes: text('notes'),
    /** Folded "last first": the name ordering. */
    sort_name: varchar('sort_name', { length: 210 }).notNull(),
    search_vector: tsvector('search_vector').notNull(),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('clients_email_key').on(t.email),
    index('clients_search_idx').using('gin', t.search_vector),
    index('clients_sort_idx').on(t.sort_name, t.id),
    index('clients_created_idx').on(t.created_at, t.id),
    // Partial: also answers the count of the default (not archived) list from the index alone.
    index('clients_active_rating_idx').on(t.rating).where(sql`archived_at is null`),
    index('clients_membership_idx').on(t.membership, t.membership_end),
    index('clients_membership_end_idx').on(t.membership_end),
    index('clients_archived_idx').on(t.archived_at).where(sql`archived_at is not null`),
    index('clients_fo_manager_idx').on(t.fo_manager_id),
    index('clients_region_idx').on(t.region_id),
  ],
);

import { sql } from 'drizzle-orm';
import {
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
import { tsvector } from '../../platform/full-text-search.ts';
import { services } from './services.table.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /** Folded name: ordering, and uniqueness regardless of case, accents and spacing. */
    name_key: varchar('name_key', { length: 200 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    country: varchar('country', { length: 100 }),
    city: varchar('city', { length: 100 }),
    address: varchar('address', { length: 300 }),
    contact_name: varchar('contact_name', { length: 120 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    website: varchar('website', { length: 200 }),
    payment_terms_days: integer('payment_terms_days'),
    currency: varchar('currency', { length: 3 }),
    bank_name: varchar('bank_name', { length: 120 }),
    bank_account: varchar('bank_account', { length: 40 }),
    bank_swift: varchar('bank_swift', { length: 11 }),
    rating: varchar('rating', { length: 20 }),
    notes: text('notes'),
    search_vector: tsvector('search_vector').notNull(),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('suppliers_name_key').on(t.name_key),
    index('suppliers_search_idx').using('gin', t.search_vector),
    index('suppliers_tags_idx').using('gin', t.tags),
    index('suppliers_type_idx').on(t.type),
    index('suppliers_created_idx').on(t.created_at, t.id),
  ],
);

/** Services a supplier offers. */
export const supplierServices = pgTable(
  'supplier_services',
  {
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.supplier_id, t.service_id] }),
    index('supplier_services_service_idx').on(t.service_id),
  ],
);

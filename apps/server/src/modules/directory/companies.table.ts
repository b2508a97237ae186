import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Legal entities of the group (request companies). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  vat_number: varchar('vat_number', { length: 40 }),
  registration_number: varchar('registration_number', { length: 40 }),
  address: varchar('address', { length: 500 }),
  base_currency: varchar('base_currency', { length: 3 }).notNull(),
  invoice_prefix: varchar('invoice_prefix', { length: 10 }),
  archived_at: timestamp('archived_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The services catalogue: service types, and Other's subtypes, with their default account type. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  service_type: varchar('service_type', { length: 30 }).notNull(),
  subtype: varchar('subtype', { length: 80 }),
  /** Subtype, else type: unique, since no subtype repeats a type's name. */
  named: varchar('named', { length: 80 }).notNull().unique(),
  default_account_type: varchar('default_account_type', { length: 20 }).notNull(),
  archived_at: timestamp('archived_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

import { pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Offices. Each carries the currency it works in (spec section 3, Region). */
export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 120 }).notNull().unique(),
  ccy: varchar('ccy', { length: 3 }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.table.ts';

/** The company's own bank accounts. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    bank_name: varchar('bank_name', { length: 120 }).notNull(),
    account_name: varchar('account_name', { length: 120 }),
    /** Upper-case, no spaces: one account is never entered twice. */
    account_number: varchar('account_number', { length: 40 }).notNull().unique(),
    swift: varchar('swift', { length: 11 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    opening_balance: numeric('opening_balance', { precision: 18, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('banks_company_idx').on(t.company_id),
    /** Target of bank transactions' (bank_id, currency) key: a line is in its account's currency. */
    unique('banks_id_currency_key').on(t.id, t.currency),
  ],
);

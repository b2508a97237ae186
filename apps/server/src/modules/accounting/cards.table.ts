import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { banks } from '../directory/banks.table.ts';

/**
 * A company card on one of its bank accounts. Only the last four digits are kept: the full
 * number is checked (Luhn) in the handler and never stored or logged (decision 0010).
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => banks.id, { onDelete: 'restrict' }),
    holder: varchar('holder', { length: 120 }).notNull(),
    last_four: char('last_four', { length: 4 }).notNull(),
    /** From the card number's IIN: Visa, Mastercard, Amex or Other. */
    brand: varchar('brand', { length: 12 }).notNull(),
    expiry_month: smallint('expiry_month').notNull(),
    expiry_year: smallint('expiry_year').notNull(),
    credit_limit: numeric('credit_limit', { precision: 18, scale: 2 }),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('bank_cards_card_key').on(t.bank_id, t.last_four, t.expiry_year, t.expiry_month),
    index('bank_cards_bank_idx').on(t.bank_id),
    check('bank_cards_last_four_check', sql`${t.last_four} ~ '^[0-9]{4}$'`),
    check('bank_cards_brand_check', sql`${t.brand} in ('Visa', 'Mastercard', 'Amex', 'Other')`),
    check('bank_cards_month_check', sql`${t.expiry_month} between 1 and 12`),
    check('bank_cards_year_check', sql`${t.expiry_year} between 2000 and 2099`),
    check('bank_cards_limit_check', sql`${t.credit_limit} is null or ${t.credit_limit} >= 0`),
  ],
);

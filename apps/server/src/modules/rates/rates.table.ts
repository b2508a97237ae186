import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { currencyList } from './regions.table.ts';

/**
 * The currencies rates are kept in. Reference data, not demo data: the module writes the rows of
 * RATE_CURRENCIES at start-up (and the seed before it), so every database has them.
 */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    named: varchar('named', { length: 3 }).notNull().unique(),
    title: varchar('title', { length: 60 }).notNull(),
  },
  (t) => [check('currencies_named_check', sql`${t.named} in (${currencyList})`)],
);

/** One save of the exchange rate dialog (DOMAIN.md): in force from created_at until the next set. */
export const rateSets = pgTable(
  'rate_sets',
  {
    id: serial('id').primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('rate_sets_created_at_idx').on(t.created_at, t.id)],
);

/** Exchange rate records (spec section 3): each pair of a set and its inverse. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    rate_set_id: integer('rate_set_id')
      .notNull()
      .references(() => rateSets.id, { onDelete: 'cascade' }),
    original_currency: varchar('original_currency', { length: 3 })
      .notNull()
      .references(() => currencies.named),
    target_currency: varchar('target_currency', { length: 3 })
      .notNull()
      .references(() => currencies.named),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    rate_sell: numeric('rate_sell', { precision: 18, scale: 6 }).notNull(),
    rate_buy: numeric('rate_buy', { precision: 18, scale: 6 }).notNull(),
    /** The set's created_at, repeated because the spec's record carries it. */
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('exchange_rates_set_pair_key').on(t.rate_set_id, t.original_currency, t.target_currency),
    index('exchange_rates_pair_created_idx').on(t.original_currency, t.target_currency, t.created_at),
    check('exchange_rates_positive_check', sql`${t.rate} > 0 and ${t.rate_sell} > 0 and ${t.rate_buy} > 0`),
    check('exchange_rates_two_currencies_check', sql`${t.original_currency} <> ${t.target_currency}`),
  ],
);

import { RATE_CURRENCIES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';

/** `'GBP', 'USD', ...` for CHECK constraints: the currency list is fixed in code, like the six pairs. */
export const currencyList = sqlValueList(RATE_CURRENCIES);

/**
 * Offices. Each carries the currency it works in (spec section 3, Region). The currency is checked
 * against the list rather than a foreign key: the platform seed creates offices before the rates
 * module has filled the currencies table.
 */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    ccy: varchar('ccy', { length: 3 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regions_title_lower_key').on(sql`lower(${t.title})`),
    check('regions_ccy_check', sql`${t.ccy} in (${currencyList})`),
  ],
);

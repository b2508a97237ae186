import { CANCELLATION_POLICIES, ROOM_MEALS, ROOM_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { requestLines, requests } from './requests.table.ts';

/**
 * A hotel option BO collects for a request before anything is booked (DOMAIN.md "Hotel offers").
 * FO sends chosen ones to the client; the one the client picks becomes a line (`line_id`).
 */
export const hotelOffers = pgTable(
  'hotel_offers',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    hotel_name: varchar('hotel_name', { length: 200 }).notNull(),
    room_type: varchar('room_type', { length: 40 }).notNull(),
    meal: varchar('meal', { length: 40 }).notNull(),
    cancellation_policy: varchar('cancellation_policy', { length: 20 }).notNull(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    date_from: date('date_from', { mode: 'string' }).notNull(),
    date_to: date('date_to', { mode: 'string' }).notNull(),
    pax: integer('pax'),
    /** What the supplier charges, in its currency, and what the client is offered, in theirs. */
    cost: numeric('cost', { precision: 18, scale: 2 }).notNull(),
    cost_currency: varchar('cost_currency', { length: 3 }).notNull(),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    price_currency: varchar('price_currency', { length: 3 }).notNull(),
    notes: text('notes'),
    /** The line this offer became when the client chose it. */
    line_id: integer('line_id').references(() => requestLines.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('hotel_offers_request_idx').on(t.request_id, t.position),
    check('hotel_offers_room_type_check', sql`${t.room_type} in (${sqlValueList(ROOM_TYPES)})`),
    check('hotel_offers_meal_check', sql`${t.meal} in (${sqlValueList(ROOM_MEALS)})`),
    check(
      'hotel_offers_policy_check',
      sql`${t.cancellation_policy} in (${sqlValueList(CANCELLATION_POLICIES)})`,
    ),
    check('hotel_offers_cost_currency_check', sql`${t.cost_currency} in (${currencyList})`),
    check('hotel_offers_price_currency_check', sql`${t.price_currency} in (${currencyList})`),
    check('hotel_offers_money_check', sql`${t.cost} > 0 and ${t.price} > 0`),
    check('hotel_offers_dates_check', sql`${t.date_to} >= ${t.date_from}`),
  ],
);

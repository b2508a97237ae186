import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  ALL_SERVICE_TYPES,
  DEADLINE_PAYMENT_TYPES,
  PAYMENT_METHODS,
  REQUEST_KINDS,
  REQUEST_STATUSES,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { tsvector } from '../../platform/full-text-search.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { rateSets } from '../rates/rates.table.ts';
import { currencyList, regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The last request number given per company and year. Creating a request raises it in the
 * creating transaction (the upsert locks the row), so numbers follow each other without gaps:
 * a create that fails rolls its number back with it.
 */
export const requestCounters = pgTable(
  'request_counters',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    last_number: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.year] })],
);

/**
 * A client's request (DOMAIN.md, "Requests"). Its status and the summary columns below are
 * derived from its lines and rewritten by the service in the transaction that changes a line
 * (`refreshSummary` in requests.summary.ts), so the list filters and sorts on plain indexed columns.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    /** `BSLF-2026-00042`: the company's code, the year and `seq`. */
    number: varchar('number', { length: 24 }).notNull(),
    /** `service` (FO/BO) or `accounting` (Admin/Accountant: fees, visa service, corrections). */
    kind: varchar('kind', { length: 12 }).notNull().default('service'),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    fo_manager_id: integer('fo_manager_id').references(() => users.id, { onDelete: 'restrict' }),
    bo_manager_id: integer('bo_manager_id').references(() => users.id, { onDelete: 'restrict' }),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    description: text('description'),
    /** Set by `POST requests/{id}/cancel/`; a canceled request is Canceled whatever its lines. */
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    // Summary of the lines (derived, see above).
    status: varchar('status', { length: 12 }).notNull().default('New'),
    date_from: date('date_from', { mode: 'string' }),
    date_to: date('date_to', { mode: 'string' }),
    /** The lines' service types, distinct, in the order of `ALL_SERVICE_TYPES`. */
    service_types: text('service_types').array().notNull().default(sql`'{}'::text[]`),
    /** The lines' supplier names, distinct, joined with ', ' for the list. */
    supplier_names: text('supplier_names').notNull().default(''),
    /** The company's base currency, and the sell and margin of the live lines in it. */
    base_currency: varchar('base_currency', { length: 3 }).notNull(),
    sell_total: numeric('sell_total', { precision: 18, scale: 2 }).notNull().default('0'),
    margin: numeric('margin', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Set by invoicing (group invoice availability filter). */
    has_invoice: boolean('has_invoice').notNull().default(false),
    /** How many lines the request has (canceled ones included). */
    lines_count: integer('lines_count').notNull().default(0),
    /** Number, client, suppliers, hotels, routes and descriptions (global search). */
    search_vector: tsvector('search_vector').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('requests_number_key').on(t.number),
    uniqueIndex('requests_company_year_seq_key').on(t.company_id, t.year, t.seq),
    index('requests_client_idx').on(t.client_id),
    index('requests_fo_manager_idx').on(t.fo_manager_id),
    index('requests_bo_manager_idx').on(t.bo_manager_id),
    index('requests_region_idx').on(t.region_id),
    index('requests_created_idx').on(t.created_at, t.id),
    index('requests_status_idx').on(t.status, t.created_at),
    index('requests_company_idx').on(t.company_id, t.created_at),
    index('requests_date_from_idx').on(t.date_from),
    /** The list's date filter: the request's dates overlapping a range (`&&`). */
    index('requests_dates_idx').using('gist', sql`daterange(${t.date_from}, ${t.date_to}, '[]')`),
    index('requests_kind_idx').on(t.kind, t.created_at),
    index('requests_sell_total_idx').on(t.sell_total, t.id),
    index('requests_margin_idx').on(t.margin, t.id),
    index('requests_has_invoice_idx').on(t.has_invoice, t.created_at),
    index('requests_service_types_idx').using('gin', t.service_types),
    index('requests_search_idx').using('gin', t.search_vector),
    check('requests_kind_check', sql`${t.kind} in (${sqlValueList(REQUEST_KINDS)})`),
    check('requests_status_check', sql`${t.status} in (${sqlValueList(REQUEST_STATUSES)})`),
    check('requests_base_currency_check', sql`${t.base_currency} in (${currencyList})`),
  ],
);

/** A service line of a request: what is booked, from whom, at what cost and sell. */
export const requestLines = pgTable(
  'request_lines',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    service_type: varchar('service_type', { length: 30 }).notNull(),
    service_subtype: varchar('service_subtype', { length: 60 }),
    /** Required except on an Accounting line (a membership fee has no supplier). */
    supplier_id: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    date_from: date('date_from', { mode: 'string' }),
    hour_from: varchar('hour_from', { length: 2 }),
    minute_from: varchar('minute_from', { length: 2 }),
    date_to: date('date_to', { mode: 'string' }),
    hour_to: varchar('hour_to', { length: 2 }),
    minute_to: varchar('minute_to', { length: 2 }),
    pax: integer('pax'),
    description: text('description'),
    account_type: varchar('account_type', { length: 20 }).notNull(),
    cost: numeric('cost', { precision: 18, scale: 2 }).notNull(),
    cost_currency: varchar('cost_currency', { length: 3 }).notNull(),
    sell: numeric('sell', { precision: 18, scale: 2 }).notNull(),
    sell_currency: varchar('sell_currency', { length: 3 }).notNull(),
    payment_method: varchar('payment_method', { length: 10 }).notNull(),
    /** Accounting status; null until the line is confirmed. */
    status: varchar('status', { length: 12 }),
    hotel_name: varchar('hotel_name', { length: 200 }),
    room_type: varchar('room_type', { length: 40 }),
    meal: varchar('meal', { length: 40 }),
    cancellation_policy: varchar('cancellation_policy', { length: 20 }),
    flight_class: varchar('flight_class', { length: 10 }),
    route: varchar('route', { length: 200 }),
    /**
     * Stamped when the line is Confirmed (DOMAIN.md "Money, always"): the rate set and the rates
     * to the company's base currency (sell rate for sell, buy rate for cost) and the amounts in it.
     * Null while unconfirmed: the margin is then at the current rates.
     */
    rate_set_id: integer('rate_set_id').references(() => rateSets.id, { onDelete: 'restrict' }),
    sell_rate: numeric('sell_rate', { precision: 18, scale: 6 }),
    cost_rate: numeric('cost_rate', { precision: 18, scale: 6 }),
    sell_base: numeric('sell_base', { precision: 18, scale: 2 }),
    cost_base: numeric('cost_base', { precision: 18, scale: 2 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('request_lines_request_idx').on(t.request_id, t.position),
    index('request_lines_supplier_idx').on(t.supplier_id),
    /** The accounting workspace's requests to invoice: few lines wait Confirmed (decision 0011). */
    index('request_lines_confirmed_idx').on(t.request_id).where(sql`status = 'Confirmed'`),
    check('request_lines_service_type_check', sql`${t.service_type} in (${sqlValueList(ALL_SERVICE_TYPES)})`),
    check(
      'request_lines_supplier_check',
      sql`${t.supplier_id} is not null or ${t.service_type} = 'Accounting'`,
    ),
    check('request_lines_account_type_check', sql`${t.account_type} in (${sqlValueList(ACCOUNT_TYPES)})`),
    check(
      'request_lines_payment_method_check',
      sql`${t.payment_method} in (${sqlValueList(PAYMENT_METHODS)})`,
    ),
    check(
      'request_lines_status_check',
      sql`${t.status} is null or ${t.status} in (${sqlValueList(ACCOUNT_STATUSES)})`,
    ),
    check('request_lines_cost_currency_check', sql`${t.cost_currency} in (${currencyList})`),
    check('request_lines_sell_currency_check', sql`${t.sell_currency} in (${currencyList})`),
    check('request_lines_money_check', sql`${t.cost} >= 0 and ${t.sell} > 0`),
  ],
);

/**
 * The supplier's payment schedule of a line (DOMAIN.md "Deadline payments"), in the line's cost
 * currency; the service keeps their sum within the line's cost, under the line's row lock.
 */
export const lineDeadlines = pgTable(
  'line_deadlines',
  {
    id: serial('id').primaryKey(),
    line_id: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    /** Denormalised from the line, so the deadlines list filters without a join per row. */
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('line_deadlines_line_idx').on(t.line_id),
    index('line_deadlines_due_idx').on(t.due_date, t.id),
    index('line_deadlines_request_idx').on(t.request_id),
    check('line_deadlines_type_check', sql`${t.type} in (${sqlValueList(DEADLINE_PAYMENT_TYPES)})`),
    check('line_deadlines_amount_check', sql`${t.amount} > 0`),
  ],
);

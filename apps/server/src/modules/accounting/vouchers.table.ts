import { DEADLINE_PAYMENT_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { lineDeadlines, requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A deadline payment to a supplier, to be approved and paid (decision 0010, "Payment vouchers").
 * Written by the requests service in the transaction that writes the line's deadlines.
 */
export const paymentVouchers = pgTable(
  'payment_vouchers',
  {
    id: serial('id').primaryKey(),
    deadline_id: integer('deadline_id')
      .notNull()
      .references(() => lineDeadlines.id, { onDelete: 'cascade' }),
    line_id: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 20 }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** The line's cost currency. */
    currency: varchar('currency', { length: 3 }).notNull(),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** What SPEND allocations (issue 11) paid. */
    settled_amount: numeric('settled_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Derived, never written: Inactive, Active or Paid. */
    status: varchar('status', { length: 8 }).generatedAlwaysAs(
      sql`case when settled_amount >= amount then 'Paid' when approved_at is not null then 'Active' else 'Inactive' end`,
    ),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payment_vouchers_deadline_key').on(t.deadline_id),
    index('payment_vouchers_status_idx').on(t.status, t.due_date),
    index('payment_vouchers_supplier_idx').on(t.supplier_id, t.currency, t.due_date),
    index('payment_vouchers_request_idx').on(t.request_id),
    index('payment_vouchers_line_idx').on(t.line_id),
    check('payment_vouchers_type_check', sql`${t.type} in (${sqlValueList(DEADLINE_PAYMENT_TYPES)})`),
    check('payment_vouchers_currency_check', sql`${t.currency} in (${currencyList})`),
    check('payment_vouchers_amount_check', sql`${t.amount} > 0`),
    check(
      'payment_vouchers_settled_check',
      sql`${t.settled_amount} >= 0 and ${t.settled_amount} <= ${t.amount}`,
    ),
  ],
);

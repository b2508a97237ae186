import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { rateSets } from '../rates/rates.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A supplier invoice (bill) received against request lines (their cost side), with its file.
 * Editable while nothing settled it (decision 0010, "Supplier invoices").
 */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: serial('id').primaryKey(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The supplier's own number. */
    number: varchar('number', { length: 60 }).notNull(),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** Sum of the lines' cost when recorded. */
    lines_cost: numeric('lines_cost', { precision: 18, scale: 2 }).notNull(),
    difference: numeric('difference', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`amount - lines_cost`,
    ),
    /** Required when the difference exceeds 1% of the lines' cost. */
    difference_explanation: text('difference_explanation'),
    base_currency: varchar('base_currency', { length: 3 }).notNull(),
    rate_set_id: integer('rate_set_id')
      .notNull()
      .references(() => rateSets.id, { onDelete: 'restrict' }),
    /** Buy rate, bill currency → the company's base currency. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    amount_base: numeric('amount_base', { precision: 18, scale: 2 }).notNull(),
    /** What SPEND allocations (issue 11) settled. */
    settled_amount: numeric('settled_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    open_amount: numeric('open_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`amount - settled_amount`,
    ),
    payment_status: varchar('payment_status', { length: 8 }).generatedAlwaysAs(
      sql`case when settled_amount = amount then 'Paid' else 'Unpaid' end`,
    ),
    /** Relative to DATA_DIR: `bills/2026/11/{uuid}.pdf`. */
    file_path: varchar('file_path', { length: 200 }).notNull(),
    /** The sanitised original name, for the download. */
    file_name: varchar('file_name', { length: 200 }).notNull(),
    file_type: varchar('file_type', { length: 4 }).notNull(),
    file_size: integer('file_size').notNull(),
    file_sha256: char('file_sha256', { length: 64 }).notNull(),
    internal_note: text('internal_note'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('supplier_invoices_number_key').on(t.supplier_id, sql`lower(${t.number})`),
    index('supplier_invoices_company_idx').on(t.company_id, t.issue_date),
    index('supplier_invoices_rate_set_idx').on(t.rate_set_id),
    check('supplier_invoices_currency_check', sql`${t.currency} in (${currencyList})`),
    check('supplier_invoices_base_currency_check', sql`${t.base_currency} in (${currencyList})`),
    check('supplier_invoices_dates_check', sql`${t.due_date} >= ${t.issue_date}`),
    check('supplier_invoices_amount_check', sql`${t.amount} > 0`),
    check(
      'supplier_invoices_settled_check',
      sql`${t.settled_amount} >= 0 and ${t.settled_amount} <= ${t.amount}`,
    ),
    check('supplier_invoices_file_type_check', sql`${t.file_type} in ('pdf', 'png', 'jpg', 'webp')`),
  ],
);

/** A request line's cost on a bill; a line's cost is billed once. */
export const supplierInvoiceLines = pgTable(
  'supplier_invoice_lines',
  {
    id: serial('id').primaryKey(),
    bill_id: integer('bill_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    line_id: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'restrict' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('supplier_invoice_lines_line_key').on(t.line_id),
    index('supplier_invoice_lines_bill_idx').on(t.bill_id),
    index('supplier_invoice_lines_request_idx').on(t.request_id),
  ],
);

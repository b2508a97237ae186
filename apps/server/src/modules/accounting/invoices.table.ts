import { ACCOUNT_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
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
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { rateSets } from '../rates/rates.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The last number given per company, year and series (`invoice`, `credit_note`). Issuing raises
 * it in the issuing transaction, after every check, so a failed issue rolls its number back:
 * no gaps (decision 0010, "Numbering").
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    last_number: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.year, t.kind] })],
);

/**
 * A client invoice or credit note. Immutable once issued: only the columns the guard trigger
 * allows (sending, settlement, the internal note) ever change, and it is never deleted.
 */
export const clientInvoices = pgTable(
  'client_invoices',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 12 }).notNull(),
    /** `TPRO-INV-2026-0007` or `TPRO-CN-2026-0002`. */
    number: varchar('number', { length: 32 }).notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The request it was issued from (its lines may come from other requests of the client). */
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    credits_invoice_id: integer('credits_invoice_id').references((): AnyPgColumn => clientInvoices.id, {
      onDelete: 'restrict',
    }),
    /** Why a credit note was issued (printed on it). */
    reason: text('reason'),
    currency: varchar('currency', { length: 3 }).notNull(),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    /** Sum of the lines; positive on an invoice, negative on a credit note. */
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    base_currency: varchar('base_currency', { length: 3 }).notNull(),
    /** The rate set in force on the issue date: the receivable's value in the books. */
    rate_set_id: integer('rate_set_id')
      .notNull()
      .references(() => rateSets.id, { onDelete: 'restrict' }),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    total_base: numeric('total_base', { precision: 18, scale: 2 }).notNull(),
    /** What allocations (issue 11) and credit applications settled; same sign as `total`. */
    settled_amount: numeric('settled_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    open_amount: numeric('open_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`total - settled_amount`,
    ),
    /** Derived, never written: Unpaid, Partial or Paid. */
    payment_status: varchar('payment_status', { length: 8 }).generatedAlwaysAs(
      sql`case when settled_amount = 0 then 'Unpaid' when settled_amount = total then 'Paid' else 'Partial' end`,
    ),
    /** Null = Not sent; the first sending. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    sent_to: varchar('sent_to', { length: 254 }),
    /** Snapshot of the client at issue: name, address, city, country, email. */
    bill_to: jsonb('bill_to').notNull(),
    /** Snapshot of the company at issue, with the Income bank's payment details. */
    seller: jsonb('seller').notNull(),
    internal_note: text('internal_note'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('client_invoices_number_key').on(t.number),
    uniqueIndex('client_invoices_series_key').on(t.company_id, t.kind, t.year, t.seq),
    index('client_invoices_client_idx').on(t.client_id, t.issue_date),
    index('client_invoices_request_idx').on(t.request_id),
    index('client_invoices_credits_idx').on(t.credits_invoice_id).where(sql`credits_invoice_id is not null`),
    index('client_invoices_company_idx').on(t.company_id, t.issue_date),
    // the sales ledger re-derives what a corrected rate set valued
    index('client_invoices_rate_set_idx').on(t.rate_set_id),
    check('client_invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'client_invoices_credits_check',
      sql`(${t.kind} = 'credit_note') = (${t.credits_invoice_id} is not null)`,
    ),
    check('client_invoices_currency_check', sql`${t.currency} in (${currencyList})`),
    check('client_invoices_base_currency_check', sql`${t.base_currency} in (${currencyList})`),
    check('client_invoices_dates_check', sql`${t.due_date} >= ${t.issue_date}`),
    check(
      'client_invoices_total_check',
      sql`(${t.kind} = 'invoice' and ${t.total} > 0) or (${t.kind} = 'credit_note' and ${t.total} < 0)`,
    ),
    check(
      'client_invoices_settled_check',
      sql`abs(${t.settled_amount}) <= abs(${t.total}) and ${t.settled_amount} * ${t.total} >= 0`,
    ),
  ],
);

/** A line of a client invoice: one request line's sell side (negated on a credit note). */
export const clientInvoiceLines = pgTable(
  'client_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    line_id: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'restrict' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    account_type: varchar('account_type', { length: 20 }).notNull(),
    /** Snapshot: service, hotel and room or route, pax, the line's description. */
    description: text('description').notNull(),
    service_date_from: date('service_date_from', { mode: 'string' }),
    service_date_to: date('service_date_to', { mode: 'string' }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** Set on an invoice line when a credit note reverses it. */
    credited_at: timestamp('credited_at', { withTimezone: true }),
    /** On a credit note line: the invoice line it reverses. */
    reverses_line_id: integer('reverses_line_id').references((): AnyPgColumn => clientInvoiceLines.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('client_invoice_lines_invoice_idx').on(t.invoice_id, t.position),
    index('client_invoice_lines_request_idx').on(t.request_id),
    // the sales ledger re-derives every line selling a request line a bill has just costed
    index('client_invoice_lines_line_idx').on(t.line_id),
    /** One live invoice per request line; a race ends in this violation, answered as a 400. */
    uniqueIndex('client_invoice_lines_live_key').on(t.line_id).where(sql`amount > 0 and credited_at is null`),
    uniqueIndex('client_invoice_lines_reverses_key')
      .on(t.reverses_line_id)
      .where(sql`reverses_line_id is not null`),
    check(
      'client_invoice_lines_account_type_check',
      sql`${t.account_type} in (${sqlValueList(ACCOUNT_TYPES)})`,
    ),
    check('client_invoice_lines_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** A credit note's amount applied to the open amount of the invoice it credits. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    credit_note_id: integer('credit_note_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_applications_credit_idx').on(t.credit_note_id),
    index('credit_applications_invoice_idx').on(t.invoice_id),
    check('credit_applications_amount_check', sql`${t.amount} > 0`),
  ],
);

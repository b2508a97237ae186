import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../platform/full-text-search.ts';
import { companies } from '../directory/companies.table.ts';
import { currencyList } from '../rates/regions.table.ts';

/**
 * Invoices & Bills: one row per client invoice, credit note and bill, written by their services
 * in the document's own transaction (`registerRepository.write`), so the list filters, orders
 * and pages on one indexed table (decision 0010, "Invoices & Bills").
 */
export const documentRegister = pgTable(
  'document_register',
  {
    doc_kind: varchar('doc_kind', { length: 12 }).notNull(),
    doc_id: integer('doc_id').notNull(),
    /** Stable paging key. */
    id: bigserial('id', { mode: 'number' }).notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    counterparty_kind: varchar('counterparty_kind', { length: 8 }).notNull(),
    counterparty_id: integer('counterparty_id').notNull(),
    /** Display name; `counterparty_sort` is its folded form for ordering. */
    counterparty_name: varchar('counterparty_name', { length: 220 }).notNull(),
    counterparty_sort: varchar('counterparty_sort', { length: 220 }).notNull(),
    number: varchar('number', { length: 60 }).notNull(),
    request_numbers: text('request_numbers').notNull().default(''),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    settled_amount: numeric('settled_amount', { precision: 18, scale: 2 }).notNull(),
    open_amount: numeric('open_amount', { precision: 18, scale: 2 }).generatedAlwaysAs(
      sql`total - settled_amount`,
    ),
    payment_status: varchar('payment_status', { length: 8 }).notNull(),
    /** Invoices and credit notes: sent or not; bills: null. */
    sent: boolean('sent'),
    search_vector: tsvector('search_vector').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.doc_kind, t.doc_id] }),
    uniqueIndex('document_register_id_key').on(t.id),
    index('document_register_issue_idx').on(t.issue_date, t.id),
    index('document_register_company_idx').on(t.company_id, t.issue_date, t.id),
    index('document_register_counterparty_idx').on(t.counterparty_kind, t.counterparty_id, t.issue_date),
    index('document_register_kind_idx').on(t.doc_kind, t.issue_date, t.id),
    index('document_register_currency_idx').on(t.currency, t.issue_date, t.id),
    index('document_register_status_idx').on(t.payment_status, t.issue_date, t.id),
    index('document_register_sent_idx').on(t.sent, t.issue_date, t.id).where(sql`sent is not null`),
    // `sent = false` is planned as `not sent`, whose selectivity the planner takes as half the table
    // (nulls counted in); an index of just the few unsent invoices is what it then picks.
    index('document_register_not_sent_idx').on(t.issue_date, t.id).where(sql`not sent`),
    index('document_register_overdue_idx').on(t.due_date, t.id).where(sql`payment_status <> 'Paid'`),
    /** The workspace's count of overdue client invoices, from the index alone (decision 0011). */
    index('document_register_overdue_invoices_idx')
      .on(t.due_date)
      .where(sql`doc_kind = 'invoice' and payment_status <> 'Paid'`),
    index('document_register_due_idx').on(t.due_date, t.id),
    index('document_register_number_idx').on(t.number, t.id),
    index('document_register_counterparty_sort_idx').on(t.counterparty_sort, t.id),
    index('document_register_total_idx').on(t.total, t.id),
    // Debts (decision 0012): every open document's ageing inputs from the index alone
    index('document_register_debts_idx')
      .on(t.doc_kind, t.counterparty_id, t.currency, t.company_id, t.issue_date, t.due_date, t.open_amount)
      .where(sql`payment_status <> 'Paid'`),
    // suggestions (decision 0011): open documents whose open amount is near a bank line's
    index('document_register_open_idx')
      .on(t.doc_kind, t.currency, t.open_amount)
      .where(sql`payment_status <> 'Paid'`),
    index('document_register_search_idx').using('gin', t.search_vector),
    check('document_register_kind_check', sql`${t.doc_kind} in ('invoice', 'credit_note', 'bill')`),
    check('document_register_counterparty_check', sql`${t.counterparty_kind} in ('client', 'supplier')`),
    check('document_register_currency_check', sql`${t.currency} in (${currencyList})`),
    check('document_register_status_check', sql`${t.payment_status} in ('Unpaid', 'Partial', 'Paid')`),
  ],
);

/**
 * What a register row is summed under for the totals: every dimension a broad filter names (kind,
 * status, company, currency) and the months of its dates, so a filter of whole months is answered
 * from the sums and only the rows of a month cut by a date bound are read (decision 0010, "Totals").
 * `sending` is `Sent`, `Not sent`, or empty for a bill.
 */
const bucketColumns = () =>
  ({
    currency: varchar('currency', { length: 3 }).notNull(),
    doc_kind: varchar('doc_kind', { length: 12 }).notNull(),
    company_id: integer('company_id').notNull(),
    payment_status: varchar('payment_status', { length: 8 }).notNull(),
    sending: varchar('sending', { length: 8 }).notNull(),
    issue_month: date('issue_month', { mode: 'string' }).notNull(),
    due_month: date('due_month', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    total: numeric('total').notNull(),
    open: numeric('open').notNull(),
  }) satisfies Record<string, PgColumnBuilderBase>;

/**
 * The register summed per bucket up to the last compaction. Writers never touch it (no hot row to
 * queue on): they append to `document_register_deltas`, which a totals call folds in here once it
 * holds more than a few thousand rows.
 */
export const documentRegisterSums = pgTable('document_register_sums', bucketColumns(), (t) => [
  primaryKey({
    name: 'document_register_sums_pkey',
    columns: [t.currency, t.doc_kind, t.company_id, t.payment_status, t.sending, t.issue_month, t.due_month],
  }),
]);

/**
 * Each register write's change to its buckets (minus the old row, plus the new), appended in the
 * writer's transaction; sums + deltas = the register summed, at any moment.
 */
export const documentRegisterDeltas = pgTable('document_register_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ...bucketColumns(),
});

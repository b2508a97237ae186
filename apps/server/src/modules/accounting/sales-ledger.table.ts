import { ACCOUNT_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { clientInvoiceLines, clientInvoices } from './invoices.table.ts';

/**
 * The sales ledger: one row per client invoice line and credit note line, with its sale and the
 * cost of the request line it sells (decision 0012, "Sales ledger"). Derived, never edited:
 * `salesLedgerRepository` re-derives the rows of a document (or of the request lines a bill
 * touches) in the writer's transaction, and moves the month sums by the difference.
 */
export const salesLedger = pgTable(
  'sales_ledger',
  {
    invoice_line_id: integer('invoice_line_id')
      .primaryKey()
      .references(() => clientInvoiceLines.id, { onDelete: 'restrict' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    /** `invoice` or `credit_note`: a credit note line reverses the sale and the cost of its line. */
    kind: varchar('kind', { length: 12 }).notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    request_id: integer('request_id').notNull(),
    /** The request line sold. */
    line_id: integer('line_id').notNull(),
    account_type: varchar('account_type', { length: 20 }).notNull(),
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    /** The line's service (departure) date; the invoice date when the line has none. */
    service_date: date('service_date', { mode: 'string' }).notNull(),
    /** The invoice currency and the line's amount in it (negative on a credit note). */
    currency: varchar('currency', { length: 3 }).notNull(),
    sales: numeric('sales', { precision: 18, scale: 2 }).notNull(),
    base_currency: varchar('base_currency', { length: 3 }).notNull(),
    /** At the invoice's stamped rate, rounded like its `total_base`. */
    sales_base: numeric('sales_base', { precision: 18, scale: 2 }).notNull(),
    /** The bill line at the bill's stamped rate; else the line's cost at the invoice set's buy rate. */
    cost_base: numeric('cost_base', { precision: 18, scale: 2 }).notNull(),
    /**
     * `bill`; `estimated` (no supplier invoice yet: listed in Fin-Report's exceptions); `none` (no
     * bill and nothing to bill: a cost of 0, as a membership fee has).
     */
    cost_source: varchar('cost_source', { length: 10 }).notNull(),
    /** The bill the cost comes from; no foreign key: removing a bill re-derives its lines. */
    bill_id: integer('bill_id'),
    /**
     * Sales and cost in each of the four currencies: in the document's own currency its amount
     * (the line's for sales, the bill line's for billed cost, the request line's cost for an
     * estimate); in the others from the base at the sell (headline) rate of the set stamped on the
     * document (the invoice's for sales and estimated cost, the bill's for billed cost). A report
     * in any currency sums one column, and reads the same next year (`sales-ledger.facts.ts`).
     */
    sales_gbp: numeric('sales_gbp', { precision: 18, scale: 2 }).notNull(),
    sales_usd: numeric('sales_usd', { precision: 18, scale: 2 }).notNull(),
    sales_eur: numeric('sales_eur', { precision: 18, scale: 2 }).notNull(),
    sales_aed: numeric('sales_aed', { precision: 18, scale: 2 }).notNull(),
    cost_gbp: numeric('cost_gbp', { precision: 18, scale: 2 }).notNull(),
    cost_usd: numeric('cost_usd', { precision: 18, scale: 2 }).notNull(),
    cost_eur: numeric('cost_eur', { precision: 18, scale: 2 }).notNull(),
    cost_aed: numeric('cost_aed', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    index('sales_ledger_invoice_idx').on(t.invoice_id),
    index('sales_ledger_line_idx').on(t.line_id),
    index('sales_ledger_service_idx').on(t.service_date, t.company_id),
    index('sales_ledger_invoice_date_idx').on(t.invoice_date, t.company_id),
    index('sales_ledger_client_idx').on(t.client_id, t.service_date),
    // the Clients report's distinct requests per client in a period, from the index alone
    index('sales_ledger_service_requests_idx').on(t.service_date, t.client_id, t.request_id),
    index('sales_ledger_invoice_requests_idx').on(t.invoice_date, t.client_id, t.request_id),
    // Fin-Report's exceptions, a page at a time.
    index('sales_ledger_estimated_idx').on(t.service_date).where(sql`cost_source = 'estimated'`),
    index('sales_ledger_negative_idx')
      .on(t.service_date)
      .where(sql`kind = 'invoice' and sales_base < cost_base`),
    index('sales_ledger_estimated_invoice_date_idx').on(t.invoice_date).where(sql`cost_source = 'estimated'`),
    index('sales_ledger_negative_invoice_date_idx')
      .on(t.invoice_date)
      .where(sql`kind = 'invoice' and sales_base < cost_base`),
    check('sales_ledger_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('sales_ledger_account_type_check', sql`${t.account_type} in (${sqlValueList(ACCOUNT_TYPES)})`),
    check('sales_ledger_currency_check', sql`${t.currency} in (${currencyList})`),
    check('sales_ledger_base_currency_check', sql`${t.base_currency} in (${currencyList})`),
    check('sales_ledger_cost_source_check', sql`${t.cost_source} in ('bill', 'estimated', 'none')`),
  ],
);

/** The figures a month sum adds up. */
const sumColumns = () =>
  ({
    sales: numeric('sales').notNull().default('0'),
    sales_base: numeric('sales_base').notNull().default('0'),
    cost_base: numeric('cost_base').notNull().default('0'),
    sales_gbp: numeric('sales_gbp').notNull().default('0'),
    sales_usd: numeric('sales_usd').notNull().default('0'),
    sales_eur: numeric('sales_eur').notNull().default('0'),
    sales_aed: numeric('sales_aed').notNull().default('0'),
    cost_gbp: numeric('cost_gbp').notNull().default('0'),
    cost_usd: numeric('cost_usd').notNull().default('0'),
    cost_eur: numeric('cost_eur').notNull().default('0'),
    cost_aed: numeric('cost_aed').notNull().default('0'),
    lines: integer('lines').notNull().default(0),
    estimated_lines: integer('estimated_lines').notNull().default(0),
    negative_lines: integer('negative_lines').notNull().default(0),
  }) satisfies Record<string, PgColumnBuilderBase>;

/**
 * Fin-Report's grain: the ledger summed per company, basis (`service` month or `invoice` month),
 * month, account type and invoice currency. Kept by the ledger's writer in the same statement
 * (upserts in key order, so two writers queue rather than deadlock).
 */
export const salesMonthSums = pgTable(
  'sales_month_sums',
  {
    company_id: integer('company_id').notNull(),
    basis: varchar('basis', { length: 8 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    account_type: varchar('account_type', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /**
     * The base of the rows summed, as the latest write has it: a company's base may be changed, and
     * rows of both bases would then share a key (their `sales_base` and `cost_base` mixed).
     */
    base_currency: varchar('base_currency', { length: 3 }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    primaryKey({
      name: 'sales_month_sums_pkey',
      columns: [t.basis, t.month, t.company_id, t.account_type, t.currency],
    }),
    check('sales_month_sums_basis_check', sql`${t.basis} in ('service', 'invoice')`),
  ],
);

/**
 * The Clients report's grain: the ledger summed per client, company, basis and month. Its `sales`
 * adds up amounts of several invoice currencies: no report reads it (the report sums the converted
 * columns); it is kept because the sums share one set of columns with `sales_month_sums`.
 */
export const clientMonthSums = pgTable(
  'client_month_sums',
  {
    client_id: integer('client_id').notNull(),
    company_id: integer('company_id').notNull(),
    basis: varchar('basis', { length: 8 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    primaryKey({ name: 'client_month_sums_pkey', columns: [t.basis, t.month, t.client_id, t.company_id] }),
    index('client_month_sums_client_idx').on(t.client_id, t.basis, t.month),
    check('client_month_sums_basis_check', sql`${t.basis} in ('service', 'invoice')`),
  ],
);

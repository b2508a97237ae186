import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { supplierInvoices } from '../accounting/bills.table.ts';
import { clientInvoices } from '../accounting/invoices.table.ts';
import { paymentVouchers } from '../accounting/vouchers.table.ts';
import { users } from '../users/users.table.ts';
import { bankTransactions } from './transactions.table.ts';

/**
 * Part of a bank line matched to part of a document (decision 0011, "Allocations"). Never
 * updated: unmatching deletes the row and subtracts exactly what it added on both sides.
 */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    transaction_id: integer('transaction_id')
      .notNull()
      .references(() => bankTransactions.id, { onDelete: 'restrict' }),
    invoice_id: integer('invoice_id').references(() => clientInvoices.id, { onDelete: 'restrict' }),
    bill_id: integer('bill_id').references(() => supplierInvoices.id, { onDelete: 'restrict' }),
    voucher_id: integer('voucher_id').references(() => paymentVouchers.id, { onDelete: 'restrict' }),
    /** In the transaction's currency. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** In the document's currency (equal to `amount` when the currencies are). */
    document_amount: numeric('document_amount', { precision: 18, scale: 2 }).notNull(),
    /** Document currency per unit of the transaction's. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    /** The money in the company's base currency on the transaction date. */
    base_amount: numeric('base_amount', { precision: 18, scale: 2 }).notNull(),
    /** `document_amount` at the document's stamped rate. */
    document_base_amount: numeric('document_base_amount', { precision: 18, scale: 2 }).notNull(),
    /** Realised FX gain (+) or loss (−) in the base currency. */
    fx_difference: numeric('fx_difference', { precision: 18, scale: 2 }).notNull(),
    /** The transaction's date (period locks look at it). */
    date: date('date', { mode: 'string' }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allocations_transaction_idx').on(t.transaction_id),
    // Debts as of a past day adds back what was settled after it
    index('allocations_date_idx').on(t.date),
    index('allocations_invoice_idx').on(t.invoice_id).where(sql`invoice_id is not null`),
    index('allocations_bill_idx').on(t.bill_id).where(sql`bill_id is not null`),
    index('allocations_voucher_idx').on(t.voucher_id).where(sql`voucher_id is not null`),
    check(
      'allocations_target_check',
      sql`(${t.invoice_id} is not null and ${t.bill_id} is null and ${t.voucher_id} is null)
        or (${t.invoice_id} is null and (${t.bill_id} is not null or ${t.voucher_id} is not null))`,
    ),
    check('allocations_amount_check', sql`${t.amount} > 0 and ${t.document_amount} > 0 and ${t.rate} > 0`),
  ],
);

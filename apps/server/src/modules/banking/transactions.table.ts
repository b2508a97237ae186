import { TRANSACTION_TYPES, TRANSACTION_WAY_VALUES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { tsvector } from '../../platform/full-text-search.ts';
import { bankCards } from '../accounting/cards.table.ts';
import { banks } from '../directory/banks.table.ts';
import { currencyList } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';

/** A statement file imported into one bank account (decision 0011, "Statement import"). */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => banks.id, { onDelete: 'restrict' }),
    file_name: varchar('file_name', { length: 200 }).notNull(),
    file_sha256: varchar('file_sha256', { length: 64 }).notNull(),
    /** `running`, `done` or `failed`; the web's progress bar polls it. */
    status: varchar('status', { length: 8 }).notNull().default('running'),
    rows_total: integer('rows_total').notNull().default(0),
    rows_done: integer('rows_done').notNull().default(0),
    rows_imported: integer('rows_imported').notNull().default(0),
    rows_duplicate: integer('rows_duplicate').notNull().default(0),
    /** The refused rows with their reasons. */
    report: jsonb('report').notNull().default(sql`'[]'::jsonb`),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('statement_imports_bank_idx').on(t.bank_id, t.created_at),
    check('statement_imports_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

/** The column mapping of a bank account's statements, remembered for the next import. */
export const bankStatementMappings = pgTable('bank_statement_mappings', {
  bank_id: integer('bank_id')
    .primaryKey()
    .references(() => banks.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A bank line (DOMAIN.md "Transaction"). Its currency is its account's, by a composite foreign
 * key; `allocated_amount` moves only inside the allocation transaction, and the CHECK is the last
 * guard against over-allocation (decision 0011). Transfer legs and refunds of credit are never
 * allocated: theirs is held equal to the amount, a "matched" marker (`carriesMatchedMarker`).
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: serial('id').primaryKey(),
    bank_id: integer('bank_id').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    way: varchar('way', { length: 12 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    counterparty_kind: varchar('counterparty_kind', { length: 8 }),
    counterparty_id: integer('counterparty_id'),
    /** The bank's text of the line. */
    reference: varchar('reference', { length: 500 }),
    /** Invoice and request numbers found in the reference, normalised (suggestions). */
    reference_words: text('reference_words').array().notNull().default(sql`'{}'::text[]`),
    card_id: integer('card_id').references(() => bankCards.id, { onDelete: 'restrict' }),
    /** The other leg of a transfer or conversion. */
    pair_id: integer('pair_id').references((): AnyPgColumn => bankTransactions.id, { onDelete: 'restrict' }),
    /** A conversion's rate: target currency per unit of this leg's currency. */
    rate: numeric('rate', { precision: 18, scale: 6 }),
    import_id: integer('import_id').references(() => statementImports.id, { onDelete: 'set null' }),
    /** `date|amount|folded reference` of an imported line: a statement imported twice skips it. */
    dedupe_key: varchar('dedupe_key', { length: 200 }),
    allocated_amount: numeric('allocated_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    match_status: varchar('match_status', { length: 9 }).generatedAlwaysAs(
      sql`case when allocated_amount = amount then 'matched' else 'unmatched' end`,
    ),
    search_vector: tsvector('search_vector').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: 'bank_transactions_bank_currency_fk',
      columns: [t.bank_id, t.currency],
      foreignColumns: [banks.id, banks.currency],
    }).onDelete('restrict'),
    index('bank_transactions_date_idx').on(t.date, t.id),
    index('bank_transactions_bank_idx').on(t.bank_id, t.date, t.id),
    index('bank_transactions_match_idx').on(t.match_status, t.date, t.id),
    index('bank_transactions_counterparty_idx').on(t.counterparty_kind, t.counterparty_id, t.date),
    index('bank_transactions_type_idx').on(t.type, t.date, t.id),
    /** The list sorted by amount (either way: `amount, id` both ascending or both descending). */
    index('bank_transactions_amount_idx').on(t.amount, t.id),
    /**
     * Largest first within one account's unmatched lines (reconciling) and within one type: walking
     * `amount_idx` past the other accounts' or types' lines took 1.9 s and 0.2 s at 1M lines.
     */
    index('bank_transactions_bank_unmatched_amount_idx')
      .on(t.bank_id, t.amount, t.id)
      .where(sql`match_status = 'unmatched'`),
    index('bank_transactions_type_amount_idx').on(t.type, t.amount, t.id),
    /**
     * The list's import filter in its default order (and the key's `on delete set null`): with
     * `import_id` alone the planner walked `date_idx` past every newer line (400 ms at 1M rows).
     */
    index('bank_transactions_import_idx').on(t.import_id, t.date, t.id).where(sql`import_id is not null`),
    index('bank_transactions_search_idx').using('gin', t.search_vector),
    index('bank_transactions_reference_words_idx').using('gin', t.reference_words),
    uniqueIndex('bank_transactions_pair_key').on(t.pair_id).where(sql`pair_id is not null`),
    uniqueIndex('bank_transactions_dedupe_key')
      .on(t.bank_id, t.dedupe_key)
      .where(sql`dedupe_key is not null`),
    check('bank_transactions_type_check', sql`${t.type} in (${sqlValueList(TRANSACTION_TYPES)})`),
    check('bank_transactions_way_check', sql`${t.way} in (${sqlValueList(TRANSACTION_WAY_VALUES)})`),
    check('bank_transactions_currency_check', sql`${t.currency} in (${currencyList})`),
    check('bank_transactions_amount_check', sql`${t.amount} > 0`),
    check(
      'bank_transactions_allocated_check',
      sql`${t.allocated_amount} >= 0 and ${t.allocated_amount} <= ${t.amount}`,
    ),
    check(
      'bank_transactions_counterparty_check',
      sql`(${t.counterparty_kind} is null) = (${t.counterparty_id} is null) and (${t.counterparty_kind} is null or ${t.counterparty_kind} in ('client', 'supplier'))`,
    ),
    check('bank_transactions_conversion_check', sql`${t.way} <> 'conversion' or ${t.rate} > 0`),
  ],
);

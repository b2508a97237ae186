import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inOrder } from '../../platform/list-query/paging.ts';
import { supplierInvoices } from '../accounting/bills.table.ts';
import { bankCards } from '../accounting/cards.table.ts';
import { clientInvoices } from '../accounting/invoices.table.ts';
import { paymentVouchers } from '../accounting/vouchers.table.ts';
import { banks } from '../directory/banks.table.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { allocations } from './allocations.table.ts';
import { bankTransactions } from './transactions.table.ts';

export type TransactionRow = typeof bankTransactions.$inferSelect;
export type TransactionInsert = typeof bankTransactions.$inferInsert;
/** What a write may change; `version` and `updated_at` are the repository's. */
export type TransactionChange = Partial<
  Omit<TransactionInsert, 'id' | 'version' | 'updated_at' | 'created_at'>
>;

export interface CompanyRef {
  id: number;
  code: string;
  name: string;
}

/** A bank account as the rules of a line need it. */
export interface BankOfLine {
  id: number;
  company: CompanyRef;
  bank_name: string;
  account_number: string;
  currency: string;
  archived_at: Date | null;
}

export interface CardOfLine {
  id: number;
  bank_id: number;
  brand: string;
  last_four: string;
  holder: string;
  archived_at: Date | null;
}

/** A line with everything its record shows, from one query (no query per row). */
export interface TransactionWithRefs {
  id: number;
  row: TransactionRow;
  bank: { id: number; bank_name: string; account_number: string; currency: string };
  company: CompanyRef;
  counterparty_name: string | null;
  card: { id: number; brand: string; last_four: string; holder: string } | null;
  pair: {
    id: number;
    amount: string;
    currency: string;
    bank_name: string;
    account_number: string;
  } | null;
  created_by: { id: number; name: string } | null;
}

const t = bankTransactions;

const clientName = sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`;

/** A JSON object as text (both drivers hand text over unparsed; numerics inside stay strings). */
const jsonText = <T>(query: SQL) =>
  sql<string | null>`(${query})`.mapWith((v: string | null) => (v === null ? null : (JSON.parse(v) as T)));

/**
 * The line's references as scalar subqueries rather than joins: each is planned on its own, which
 * keeps planning a list page's query to a fraction of a millisecond (ten joined relations took
 * about five times as long to plan as to run).
 */
const refsSelection = {
  row: t,
  bank: {
    id: banks.id,
    bank_name: banks.bank_name,
    account_number: banks.account_number,
    currency: banks.currency,
  },
  company: { id: companies.id, code: companies.code, name: companies.name },
  counterparty_name: sql<string | null>`case ${t.counterparty_kind}
    when 'client' then (select ${clientName} from ${clients} where ${clients.id} = ${t.counterparty_id})
    when 'supplier' then (select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${t.counterparty_id})
    end`,
  card: jsonText<TransactionWithRefs['card']>(
    sql`select json_build_object('id', c.id, 'brand', c.brand, 'last_four', c.last_four, 'holder', c.holder)::text
        from bank_cards c where c.id = ${t.card_id}`,
  ),
  pair: jsonText<TransactionWithRefs['pair']>(
    sql`select json_build_object('id', p.id, 'amount', p.amount::text, 'currency', p.currency,
          'bank_name', pb.bank_name, 'account_number', pb.account_number)::text
        from bank_transactions p join banks pb on pb.id = p.bank_id where p.id = ${t.pair_id}`,
  ),
  created_by: jsonText<TransactionWithRefs['created_by']>(
    sql`select json_build_object('id', u.id, 'name', u.name)::text from users u where u.id = ${t.created_by}`,
  ),
};

/** SQL of bank lines (decision 0011, "Transactions"); no rules here. */
export const transactionsRepository = {
  /**
   * A line and, for a transfer leg, its pair (the legs point at each other), locked in id order:
   * one order for every writer, so two edits of one transfer cannot deadlock.
   */
  async lockWithPair(ex: Executor, id: number): Promise<TransactionRow[]> {
    return ex
      .select()
      .from(t)
      .where(or(eq(t.id, id), eq(t.pair_id, id)))
      .orderBy(asc(t.id))
      .for('update');
  },

  /** A line as it is, without a lock (what a write reads before it takes the balance's locks). */
  async find(ex: Executor, id: number): Promise<TransactionRow | null> {
    return (await ex.select().from(t).where(eq(t.id, id)))[0] ?? null;
  },

  async insert(ex: Executor, values: TransactionInsert): Promise<TransactionRow> {
    return (await ex.insert(t).values(values).returning())[0]!;
  },

  /** Writes the change and moves the version on. */
  async update(ex: Executor, id: number, values: TransactionChange): Promise<TransactionRow> {
    const rows = await ex
      .update(t)
      .set({ ...values, updated_at: new Date(), version: sql`${t.version} + 1` })
      .where(eq(t.id, id))
      .returning();
    return rows[0]!;
  },

  /** The pair link of a leg, set after both legs exist (it points at a row). */
  async setPair(ex: Executor, id: number, pairId: number | null): Promise<TransactionRow> {
    return (await ex.update(t).set({ pair_id: pairId }).where(eq(t.id, id)).returning())[0]!;
  },

  /** Deletes lines; the pair links among them go first (their foreign key restricts). */
  async deleteMany(ex: Executor, ids: number[]): Promise<void> {
    await ex
      .update(t)
      .set({ pair_id: null })
      .where(and(inArray(t.id, ids), isNotNull(t.pair_id)));
    await ex.delete(t).where(inArray(t.id, ids));
  },

  async bank(ex: Executor, id: number): Promise<BankOfLine | null> {
    const rows = await ex
      .select({
        id: banks.id,
        company: { id: companies.id, code: companies.code, name: companies.name },
        bank_name: banks.bank_name,
        account_number: banks.account_number,
        currency: banks.currency,
        archived_at: banks.archived_at,
      })
      .from(banks)
      .innerJoin(companies, eq(companies.id, banks.company_id))
      .where(eq(banks.id, id));
    return rows[0] ?? null;
  },

  async card(ex: Executor, id: number): Promise<CardOfLine | null> {
    const rows = await ex
      .select({
        id: bankCards.id,
        bank_id: bankCards.bank_id,
        brand: bankCards.brand,
        last_four: bankCards.last_four,
        holder: bankCards.holder,
        archived_at: bankCards.archived_at,
      })
      .from(bankCards)
      .where(eq(bankCards.id, id));
    return rows[0] ?? null;
  },

  /** The client's or supplier's name; null when there is none with this id. */
  async counterpartyName(ex: Executor, kind: string, id: number): Promise<string | null> {
    const rows =
      kind === 'client'
        ? await ex.select({ name: clientName }).from(clients).where(eq(clients.id, id))
        : await ex.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id));
    return rows[0]?.name ?? null;
  },

  /** The counterparties of the documents a line is allocated to (one per distinct owner). */
  async allocatedCounterparties(ex: Executor, id: number): Promise<Array<{ kind: string; id: number }>> {
    const rows = await ex
      .selectDistinct({
        client: clientInvoices.client_id,
        bill_supplier: supplierInvoices.supplier_id,
        voucher_supplier: paymentVouchers.supplier_id,
      })
      .from(allocations)
      .leftJoin(clientInvoices, eq(clientInvoices.id, allocations.invoice_id))
      .leftJoin(supplierInvoices, eq(supplierInvoices.id, allocations.bill_id))
      .leftJoin(paymentVouchers, eq(paymentVouchers.id, allocations.voucher_id))
      .where(eq(allocations.transaction_id, id));
    return rows.flatMap((r) =>
      r.client !== null
        ? [{ kind: 'client', id: r.client }]
        : [r.bill_supplier ?? r.voucher_supplier]
            .filter((s): s is number => s !== null)
            .map((s) => ({ kind: 'supplier', id: s })),
    );
  },

  /** Lines with their bank, company, counterparty, card, pair and author, in the order of the ids. */
  async withRefs(ex: Executor, ids: number[]): Promise<TransactionWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select(refsSelection)
      .from(t)
      .innerJoin(banks, eq(banks.id, t.bank_id))
      .innerJoin(companies, eq(companies.id, banks.company_id))
      .where(inArray(t.id, ids));
    return inOrder(
      ids,
      rows.map((r) => ({ ...r, id: r.row.id })),
    );
  },
};

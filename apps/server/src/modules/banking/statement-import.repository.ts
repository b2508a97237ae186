import type { StatementMapping, StatementRefusal } from '@app/shared';
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { periodLocks } from '../accounting/period-locks.table.ts';
import { banks } from '../directory/banks.table.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { bankStatementMappings, bankTransactions, statementImports } from './transactions.table.ts';

export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementImportWithBank = StatementImportRow & {
  bank: { bank_name: string; currency: string; account_number: string };
};
export type BankLineInsert = typeof bankTransactions.$inferInsert;

/** Lookups by a list of keys go in slices, well inside the engines' parameter limits. */
const SLICE = 1000;
async function bySlices<T>(keys: string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += SLICE) out.push(...(await read(keys.slice(i, i + SLICE))));
  return out;
}

const withBank = {
  ...getTableColumns(statementImports),
  bank: { bank_name: banks.bank_name, currency: banks.currency, account_number: banks.account_number },
};

export const statementImportRepository = {
  async bank(ex: Executor, id: number) {
    const rows = await ex
      .select({
        id: banks.id,
        company_id: banks.company_id,
        company_code: companies.code,
        currency: banks.currency,
        bank_name: banks.bank_name,
        account_number: banks.account_number,
        archived_at: banks.archived_at,
      })
      .from(banks)
      .innerJoin(companies, eq(companies.id, banks.company_id))
      .where(eq(banks.id, id));
    return rows[0] ?? null;
  },

  async rememberedMapping(ex: Executor, bankId: number): Promise<unknown> {
    const rows = await ex
      .select({ mapping: bankStatementMappings.mapping })
      .from(bankStatementMappings)
      .where(eq(bankStatementMappings.bank_id, bankId));
    return rows[0]?.mapping ?? null;
  },

  async rememberMapping(ex: Executor, bankId: number, mapping: StatementMapping): Promise<void> {
    await ex
      .insert(bankStatementMappings)
      .values({ bank_id: bankId, mapping })
      .onConflictDoUpdate({
        target: bankStatementMappings.bank_id,
        set: { mapping, updated_at: sql`now()` },
      });
  },

  /** The keys among these that the account already holds (its unique index answers). */
  async existingKeys(ex: Executor, bankId: number, keys: string[]): Promise<Set<string>> {
    const rows = await bySlices(keys, (slice) =>
      ex
        .select({ key: bankTransactions.dedupe_key })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.bank_id, bankId), inArray(bankTransactions.dedupe_key, slice))),
    );
    return new Set(rows.map((r) => r.key!));
  },

  /** Clients whose folded "last first" name is one of these (the name index answers). */
  clientsBySortName(ex: Executor, keys: string[]) {
    return bySlices(keys, (slice) =>
      ex
        .select({
          id: clients.id,
          first_name: clients.first_name,
          last_name: clients.last_name,
          archived_at: clients.archived_at,
        })
        .from(clients)
        .where(inArray(clients.sort_name, slice)),
    );
  },

  suppliersByNameKey(ex: Executor, keys: string[]) {
    return bySlices(keys, (slice) =>
      ex
        .select({
          id: suppliers.id,
          name: suppliers.name,
          name_key: suppliers.name_key,
          archived_at: suppliers.archived_at,
        })
        .from(suppliers)
        .where(inArray(suppliers.name_key, slice)),
    );
  },

  /** The closed months of a company as `YYYY-MM`. */
  async lockedMonths(ex: Executor, companyId: number): Promise<string[]> {
    const rows = await queryRows<{ month: string }>(
      ex,
      sql`select to_char(${periodLocks.month}, 'YYYY-MM') as month from ${periodLocks}
          where ${periodLocks.company_id} = ${companyId} and ${periodLocks.reopened_at} is null`,
    );
    return rows.map((r) => r.month);
  },

  async createImport(
    ex: Executor,
    values: typeof statementImports.$inferInsert,
  ): Promise<StatementImportRow> {
    return (await ex.insert(statementImports).values(values).returning())[0]!;
  },

  /**
   * One insert of many lines, sent as one JSON parameter (cheaper than thousands of bound values);
   * a line whose key the account holds is skipped. Answers how many went in.
   */
  async insertLines(ex: Executor, lines: BankLineInsert[]): Promise<number> {
    if (!lines.length) return 0;
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, counterparty_kind,
            counterparty_id, reference, reference_words, search_vector, import_id, dedupe_key, created_by)
          select x.bank_id, x.currency, x.type, x.way, x.date, x.amount, x.counterparty_kind,
            x.counterparty_id, x.reference, x.reference_words, x.search_vector::tsvector, x.import_id,
            x.dedupe_key, x.created_by
          from json_to_recordset(${JSON.stringify(lines)}::json) as x(bank_id int, currency text,
            type text, way text, date date, amount numeric, counterparty_kind text, counterparty_id int,
            reference text, reference_words text[], search_vector text, import_id int, dedupe_key text,
            created_by int)
          on conflict (bank_id, dedupe_key) where dedupe_key is not null do nothing
          returning id`,
    );
    return rows.length;
  },

  async updateImport(
    ex: Executor,
    id: number,
    set: Partial<Pick<StatementImportRow, 'status' | 'rows_done' | 'rows_imported' | 'rows_duplicate'>> & {
      finished?: boolean;
      report?: StatementRefusal[];
    },
  ): Promise<void> {
    const { finished, ...values } = set;
    await ex
      .update(statementImports)
      .set({ ...values, ...(finished && { finished_at: sql`now()` }) })
      .where(eq(statementImports.id, id));
  },

  async findImport(ex: Executor, id: number): Promise<StatementImportWithBank | null> {
    const rows = await ex
      .select(withBank)
      .from(statementImports)
      .innerJoin(banks, eq(banks.id, statementImports.bank_id))
      .where(eq(statementImports.id, id));
    return rows[0] ?? null;
  },

  /** The newest imports first, of one account when given. */
  async listImports(
    ex: Executor,
    bankId: number | undefined,
    limit: number,
  ): Promise<StatementImportWithBank[]> {
    const where: SQL | undefined = bankId === undefined ? undefined : eq(statementImports.bank_id, bankId);
    return ex
      .select(withBank)
      .from(statementImports)
      .innerJoin(banks, eq(banks.id, statementImports.bank_id))
      .where(where)
      .orderBy(desc(statementImports.created_at), desc(statementImports.id))
      .limit(limit);
  },
};

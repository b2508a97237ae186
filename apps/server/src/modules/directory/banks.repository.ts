import type { BankFilter } from '@app/shared';
import { count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf, archivedCondition } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { versionedRecords } from '../../platform/versioned-records.repository.ts';
import { banks } from './banks.table.ts';
import { companies } from './companies.table.ts';

export type BankRow = typeof banks.$inferSelect;
export type BankInsert = typeof banks.$inferInsert;
export type BankWithCompany = BankRow & { company: { id: number; code: string; name: string } };

const ORDER_COLUMNS = {
  name: { column: banks.bank_name },
  currency: { column: banks.currency },
  type: { column: banks.type },
  company: { column: companies.code },
  id: { column: banks.id },
};

function conditions(f: BankFilter): SQL | undefined {
  const search = f.search?.trim();
  const pattern = search ? containsPattern(search) : '';
  const id = searchId(search);
  return allOf([
    archivedCondition(banks.archived_at, f.archived),
    search
      ? or(
          ilike(banks.bank_name, pattern),
          ilike(banks.account_name, pattern),
          ilike(banks.account_number, containsPattern(search.replace(/[\s-]/g, ''))),
          ilike(companies.code, pattern),
          id ? eq(banks.id, id) : undefined,
        )
      : undefined,
    f.company?.length ? inArray(banks.company_id, f.company) : undefined,
    f.currency?.length ? inArray(banks.currency, f.currency) : undefined,
    f.type?.length ? inArray(banks.type, f.type) : undefined,
  ]);
}

const selection = { bank: banks, company: { id: companies.id, code: companies.code, name: companies.name } };
const merge = (r: {
  bank: BankRow;
  company: { id: number; code: string; name: string };
}): BankWithCompany => ({ ...r.bank, company: r.company });

const records = versionedRecords(banks);

export const banksRepository = {
  ...records,

  accountTaken: (ex: Executor, accountNumber: string, exceptId?: number) =>
    records.valueTaken(ex, banks.account_number, accountNumber, exceptId),

  async findById(ex: Executor, id: number): Promise<BankWithCompany | null> {
    const rows = await ex
      .select(selection)
      .from(banks)
      .innerJoin(companies, eq(companies.id, banks.company_id))
      .where(eq(banks.id, id));
    return rows[0] ? merge(rows[0]) : null;
  },

  async list(
    ex: Executor,
    q: {
      filter: BankFilter;
      exclude?: number[] | undefined;
      limit: number;
      offset: number;
      exact?: string | undefined;
    },
  ): Promise<{ rows: BankWithCompany[]; total: number }> {
    // The preload resolves a picker's current value, archived or not.
    const exactId = searchId(q.exact);
    const where = q.exact
      ? or(
          eq(banks.account_number, q.exact.replace(/[\s-]/g, '').toUpperCase()),
          sql`lower(${banks.bank_name}) = lower(${q.exact})`,
          exactId ? eq(banks.id, exactId) : undefined,
        )
      : allOf([conditions(q.filter), q.exclude?.length ? notInArray(banks.id, q.exclude) : undefined]);
    const [rows, totals] = await Promise.all([
      ex
        .select(selection)
        .from(banks)
        .innerJoin(companies, eq(companies.id, banks.company_id))
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.filter.ordering, ORDER_COLUMNS), banks.id))
        .limit(q.limit)
        .offset(q.offset),
      ex
        .select({ n: count() })
        .from(banks)
        .innerJoin(companies, eq(companies.id, banks.company_id))
        .where(where),
    ]);
    return { rows: rows.map(merge), total: totals[0]?.n ?? 0 };
  },
};

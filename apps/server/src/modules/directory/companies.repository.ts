import type { CompanyFilter } from '@app/shared';
import { and, count, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf, archivedCondition } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { versionedRecords } from '../../platform/versioned-records.repository.ts';
import { companies } from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyInsert = typeof companies.$inferInsert;

const ORDER_COLUMNS = {
  code: { column: companies.code },
  name: { column: companies.name },
  id: { column: companies.id },
};

function conditions(f: CompanyFilter): SQL | undefined {
  const search = f.search?.trim();
  const id = searchId(search);
  return allOf([
    archivedCondition(companies.archived_at, f.archived),
    search
      ? or(
          ilike(companies.code, containsPattern(search)),
          ilike(companies.name, containsPattern(search)),
          id ? eq(companies.id, id) : undefined,
        )
      : undefined,
    f.base_currency?.length ? inArray(companies.base_currency, f.base_currency) : undefined,
  ]);
}

const records = versionedRecords(companies);

export const companiesRepository = {
  ...records,

  codeTaken: (ex: Executor, code: string, exceptId?: number) =>
    records.valueTaken(ex, companies.code, code, exceptId),

  async findById(ex: Executor, id: number): Promise<CompanyRow | null> {
    const rows = await ex.select().from(companies).where(eq(companies.id, id));
    return rows[0] ?? null;
  },

  async list(
    ex: Executor,
    q: {
      filter: CompanyFilter;
      exclude?: number[] | undefined;
      limit: number;
      offset: number;
      exact?: string | undefined;
    },
  ): Promise<{ rows: CompanyRow[]; total: number }> {
    // The preload resolves a picker's current value, archived or not.
    const exactId = searchId(q.exact);
    const where = q.exact
      ? or(
          sql`lower(${companies.code}) = lower(${q.exact})`,
          sql`lower(${companies.name}) = lower(${q.exact})`,
          exactId ? eq(companies.id, exactId) : undefined,
        )
      : allOf([conditions(q.filter), q.exclude?.length ? notInArray(companies.id, q.exclude) : undefined]);
    const [rows, totals] = await Promise.all([
      ex
        .select()
        .from(companies)
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.filter.ordering, ORDER_COLUMNS), companies.id))
        .limit(q.limit)
        .offset(q.offset),
      ex.select({ n: count() }).from(companies).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Whether the company exists and is not archived: what a new reference may point at. */
  async isActive(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, id), isNull(companies.archived_at)));
    return rows.length > 0;
  },

  async all(ex: Executor): Promise<CompanyRow[]> {
    return ex.select().from(companies).orderBy(companies.code);
  },
};

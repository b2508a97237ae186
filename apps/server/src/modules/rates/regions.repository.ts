import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { users } from '../users/users.table.ts';
import { regions } from './regions.table.ts';

export type RegionRow = typeof regions.$inferSelect;

/**
 * A search matches the title (contains, any case) or, when it is a plain number, the id: the
 * picker preloads a stored value with `?search=<id>&item=true`.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const id = searchId(text);
  return or(ilike(regions.title, containsPattern(text)), id ? eq(regions.id, id) : undefined);
}

export const regionsRepository = {
  async list(
    ex: Executor,
    f: { search?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: RegionRow[]; total: number }> {
    const condition = searchCondition(f.search);
    const [rows, totals] = await Promise.all([
      ex
        .select()
        .from(regions)
        .where(condition)
        .orderBy(asc(regions.title), asc(regions.id))
        .limit(f.limit)
        .offset(f.offset),
      ex.select({ total: count() }).from(regions).where(condition),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async findById(ex: Executor, id: number): Promise<RegionRow | null> {
    const rows = await ex.select().from(regions).where(eq(regions.id, id));
    return rows[0] ?? null;
  },

  async insert(ex: Executor, values: { title: string; ccy: string }): Promise<RegionRow> {
    const rows = await ex.insert(regions).values(values).returning();
    return rows[0]!;
  },

  async update(ex: Executor, id: number, values: { title: string; ccy: string }): Promise<RegionRow | null> {
    const rows = await ex.update(regions).set(values).where(eq(regions.id, id)).returning();
    return rows[0] ?? null;
  },

  async delete(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex.delete(regions).where(eq(regions.id, id)).returning({ id: regions.id });
    return rows.length > 0;
  },

  async countUsers(ex: Executor, id: number): Promise<number> {
    const rows = await ex.select({ n: count() }).from(users).where(eq(users.region_id, id));
    return rows[0]?.n ?? 0;
  },
};

import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { currencies, exchangeRates, rateSets } from './rates.table.ts';

export type RateSetRow = typeof rateSets.$inferSelect & { created_by_name: string | null };
export type RateRow = typeof exchangeRates.$inferSelect;
export type NewRateRow = Omit<typeof exchangeRates.$inferInsert, 'id' | 'rate_set_id' | 'created_at'>;

export interface RateSetFilter {
  /** Inclusive lower bound on created_at. */
  from?: Date | undefined;
  /** Exclusive upper bound on created_at. */
  before?: Date | undefined;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

const setColumns = {
  id: rateSets.id,
  created_at: rateSets.created_at,
  created_by: rateSets.created_by,
  created_by_name: users.name,
};

const newestFirst = [desc(rateSets.created_at), desc(rateSets.id)];

/**
 * The advisory lock every rate-set write takes for its transaction (`pg_advisory_xact_lock`, on
 * PGlite and PostgreSQL alike): writers of sets run one after the other. The migration lock is
 * 727274; this is another constant of its own.
 */
export const RATE_SETS_LOCK = 727_301;

export const ratesRepository = {
  /** Waits for, then holds until the transaction ends, the rate-set writers' lock. */
  async lockRateSets(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(RATE_SETS_LOCK))})`);
  },

  async upsertCurrencies(ex: Executor, rows: { named: string; title: string }[]): Promise<void> {
    await ex
      .insert(currencies)
      .values(rows)
      .onConflictDoUpdate({ target: currencies.named, set: { title: sql`excluded.title` } });
  },

  async listCurrencies(ex: Executor, search?: string): Promise<(typeof currencies.$inferSelect)[]> {
    const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    return ex
      .select()
      .from(currencies)
      .where(
        term ? or(sql`${currencies.named} ilike ${term}`, sql`${currencies.title} ilike ${term}`) : undefined,
      )
      .orderBy(asc(currencies.id));
  },

  async listSets(ex: Executor, f: RateSetFilter): Promise<{ rows: RateSetRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.from) where.push(gte(rateSets.created_at, f.from));
    if (f.before) where.push(lt(rateSets.created_at, f.before));
    const condition = where.length ? and(...where) : undefined;
    const [rows, totals] = await Promise.all([
      ex
        .select(setColumns)
        .from(rateSets)
        .leftJoin(users, eq(users.id, rateSets.created_by))
        .where(condition)
        .orderBy(...(f.newestFirst ? newestFirst : [asc(rateSets.created_at), asc(rateSets.id)]))
        .limit(f.limit)
        .offset(f.offset),
      ex.select({ total: count() }).from(rateSets).where(condition),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The newest set created before the instant, or the newest of all without one. */
  async findNewestSet(ex: Executor, before?: Date): Promise<RateSetRow | null> {
    const rows = await ex
      .select(setColumns)
      .from(rateSets)
      .leftJoin(users, eq(users.id, rateSets.created_by))
      .where(before ? lt(rateSets.created_at, before) : undefined)
      .orderBy(...newestFirst)
      .limit(1);
    return rows[0] ?? null;
  },

  async findSetById(ex: Executor, id: number): Promise<RateSetRow | null> {
    const rows = await ex
      .select(setColumns)
      .from(rateSets)
      .leftJoin(users, eq(users.id, rateSets.created_by))
      .where(eq(rateSets.id, id));
    return rows[0] ?? null;
  },

  /** Records of the given sets, in the order they were stored (the dialog's pair order). */
  async listRatesOfSets(ex: Executor, setIds: number[]): Promise<RateRow[]> {
    if (setIds.length === 0) return [];
    return ex
      .select()
      .from(exchangeRates)
      .where(inArray(exchangeRates.rate_set_id, setIds))
      .orderBy(asc(exchangeRates.rate_set_id), asc(exchangeRates.id));
  },

  async insertSet(
    ex: Executor,
    set: { created_at: Date; created_by: number | null },
    rates: NewRateRow[],
  ): Promise<number> {
    const [row] = await ex.insert(rateSets).values(set).returning({ id: rateSets.id });
    const id = row!.id;
    if (rates.length) {
      await ex
        .insert(exchangeRates)
        .values(rates.map((r) => ({ ...r, rate_set_id: id, created_at: set.created_at })));
    }
    return id;
  },

  async findRateById(ex: Executor, id: number): Promise<RateRow | null> {
    const rows = await ex.select().from(exchangeRates).where(eq(exchangeRates.id, id));
    return rows[0] ?? null;
  },

  /** Locks the record so two corrections of one pair apply one after the other. */
  async findRateForUpdate(ex: Executor, id: number): Promise<RateRow | null> {
    const rows = await ex.select().from(exchangeRates).where(eq(exchangeRates.id, id)).for('update');
    return rows[0] ?? null;
  },

  async findPairInSet(ex: Executor, setId: number, from: string, to: string): Promise<RateRow | null> {
    const rows = await ex
      .select()
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.rate_set_id, setId),
          eq(exchangeRates.original_currency, from),
          eq(exchangeRates.target_currency, to),
        ),
      );
    return rows[0] ?? null;
  },

  /** The newest record of exactly this pair created before the instant (any set). */
  async findLastRecordOfPair(ex: Executor, from: string, to: string, before: Date): Promise<RateRow | null> {
    const rows = await ex
      .select()
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.original_currency, from),
          eq(exchangeRates.target_currency, to),
          lt(exchangeRates.created_at, before),
        ),
      )
      .orderBy(desc(exchangeRates.created_at), desc(exchangeRates.id))
      .limit(1);
    return rows[0] ?? null;
  },

  async updateRate(
    ex: Executor,
    id: number,
    values: Pick<RateRow, 'rate' | 'rate_sell' | 'rate_buy' | 'updated_at' | 'updated_by'>,
  ): Promise<RateRow> {
    const rows = await ex.update(exchangeRates).set(values).where(eq(exchangeRates.id, id)).returning();
    return rows[0]!;
  },

  async deleteRates(ex: Executor, ids: number[]): Promise<void> {
    if (ids.length) await ex.delete(exchangeRates).where(inArray(exchangeRates.id, ids));
  },

  async countRatesOfSet(ex: Executor, setId: number): Promise<number> {
    const rows = await ex
      .select({ n: count() })
      .from(exchangeRates)
      .where(eq(exchangeRates.rate_set_id, setId));
    return rows[0]?.n ?? 0;
  },

  async deleteSet(ex: Executor, setId: number): Promise<void> {
    await ex.delete(rateSets).where(eq(rateSets.id, setId));
  },
};

import type { ServiceFilter } from '@app/shared';
import { count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf, archivedCondition } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { versionedRecords } from '../../platform/versioned-records.repository.ts';
import { services } from './services.table.ts';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceInsert = typeof services.$inferInsert;

const ORDER_COLUMNS = {
  service_type: { column: services.service_type },
  name: { column: services.named },
  default_account_type: { column: services.default_account_type },
  id: { column: services.id },
};

function conditions(f: ServiceFilter): SQL | undefined {
  const search = f.search?.trim();
  const id = searchId(search);
  return allOf([
    archivedCondition(services.archived_at, f.archived),
    search
      ? or(
          ilike(services.named, containsPattern(search)),
          ilike(services.service_type, containsPattern(search)),
          id ? eq(services.id, id) : undefined,
        )
      : undefined,
    f.service_type?.length ? inArray(services.service_type, f.service_type) : undefined,
    f.default_account_type?.length
      ? inArray(services.default_account_type, f.default_account_type)
      : undefined,
  ]);
}

export const servicesRepository = {
  ...versionedRecords(services),

  async findById(ex: Executor, id: number): Promise<ServiceRow | null> {
    const rows = await ex.select().from(services).where(eq(services.id, id));
    return rows[0] ?? null;
  },

  async list(
    ex: Executor,
    q: {
      filter: ServiceFilter;
      exclude?: number[] | undefined;
      limit: number;
      offset: number;
      exact?: string | undefined;
    },
  ): Promise<{ rows: ServiceRow[]; total: number }> {
    // The preload resolves a picker's current value, archived or not.
    const exactId = searchId(q.exact);
    const where = q.exact
      ? or(sql`lower(${services.named}) = lower(${q.exact})`, exactId ? eq(services.id, exactId) : undefined)
      : allOf([conditions(q.filter), q.exclude?.length ? notInArray(services.id, q.exclude) : undefined]);
    // Within a type, the type's own line comes before its subtypes.
    const order = parseOrdering(q.filter.ordering, ORDER_COLUMNS);
    const extra =
      order.column === services.service_type
        ? [sql`${services.subtype} asc nulls first`, services.named]
        : [];
    const [rows, totals] = await Promise.all([
      ex
        .select()
        .from(services)
        .where(where)
        .orderBy(...orderBy(order, services.id).slice(0, 1), ...extra, services.id)
        .limit(q.limit)
        .offset(q.offset),
      ex.select({ n: count() }).from(services).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Which of these services exist, and whether each is archived. */
  async states(ex: Executor, ids: number[]): Promise<Array<{ id: number; archived: boolean }>> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: services.id, archived_at: services.archived_at })
      .from(services)
      .where(inArray(services.id, ids));
    return rows.map((r) => ({ id: r.id, archived: r.archived_at !== null }));
  },

  async all(ex: Executor): Promise<ServiceRow[]> {
    return ex.select().from(services);
  },
};

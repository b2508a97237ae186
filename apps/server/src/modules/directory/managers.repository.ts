import type { ManagerFilter } from '@app/shared';
import { MANAGER_ROLES } from '@app/shared';
import { and, count, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { clients } from './clients.table.ts';

export interface ManagerRow {
  id: number;
  name: string;
  email: string;
  role: string;
  /** 'admin' for an administrator account (Alice Admin), 'user' otherwise. */
  type: string;
  is_active: boolean;
  office: { id: number; title: string; ccy: string } | null;
}

const ORDER_COLUMNS = {
  name: { column: users.name },
  email: { column: users.email },
  role: { column: users.role },
  office: { column: regions.title, nullable: true },
};

/** An Admin as the requests service counts one (`isAdminUser`): the role, or an admin account. */
export const isAdminRow = (r: { role: string; type: string }) => r.role === 'Admin' || r.type === 'admin';

/**
 * The filter without `is_active`: what the picker's preload (`exact`) keeps. `with_admins` adds
 * the Admins to the managers of the asked roles.
 */
function scope(f: ManagerFilter): SQL | undefined {
  const managers = inArray(users.role, f.role?.length ? f.role : [...MANAGER_ROLES]);
  return allOf([
    f.with_admins ? or(managers, eq(users.role, 'Admin'), eq(users.type, 'admin')) : managers,
    f.office?.length ? inArray(users.region_id, f.office) : undefined,
  ]);
}

function conditions(f: ManagerFilter): SQL | undefined {
  const search = f.search?.trim();
  const id = searchId(search);
  return allOf([
    scope(f),
    f.is_active === 'all' ? undefined : eq(users.is_active, f.is_active === 'true'),
    search
      ? or(
          ilike(users.name, containsPattern(search)),
          ilike(users.email, containsPattern(search)),
          id ? eq(users.id, id) : undefined,
        )
      : undefined,
  ]);
}

/**
 * The picker's preload: the manager with this id, name or email, deactivated or not, so a
 * record whose manager has left still shows the name.
 */
function exactConditions(f: ManagerFilter, exact: string): SQL | undefined {
  const id = searchId(exact);
  return and(
    scope(f),
    or(
      sql`lower(${users.name}) = lower(${exact})`,
      sql`lower(${users.email}) = lower(${exact})`,
      id ? eq(users.id, id) : undefined,
    ),
  );
}

const selection = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  type: users.type,
  is_active: users.is_active,
  office: { id: regions.id, title: regions.title, ccy: regions.ccy },
};

export const managersRepository = {
  async list(
    ex: Executor,
    q: {
      filter: ManagerFilter;
      exclude?: number[] | undefined;
      limit: number;
      offset: number;
      exact?: string | undefined;
    },
  ): Promise<{ rows: ManagerRow[]; total: number }> {
    const where = q.exact
      ? exactConditions(q.filter, q.exact)
      : allOf([conditions(q.filter), q.exclude?.length ? notInArray(users.id, q.exclude) : undefined]);
    const [rows, totals] = await Promise.all([
      ex
        .select(selection)
        .from(users)
        .leftJoin(regions, eq(regions.id, users.region_id))
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.filter.ordering, ORDER_COLUMNS), users.id))
        .limit(q.limit)
        .offset(q.offset),
      ex.select({ n: count() }).from(users).leftJoin(regions, eq(regions.id, users.region_id)).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, office: r.office?.id ? r.office : null })),
      total: totals[0]?.n ?? 0,
    };
  },

  /** Clients (not archived) per FO manager. */
  async clientCounts(ex: Executor, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: clients.fo_manager_id, n: count() })
      .from(clients)
      .where(and(inArray(clients.fo_manager_id, ids), isNull(clients.archived_at)))
      .groupBy(clients.fo_manager_id);
    return new Map(rows.map((r) => [r.id!, r.n]));
  },
};

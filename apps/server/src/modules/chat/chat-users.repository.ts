import { and, asc, count, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';

export interface ChatUserRow {
  id: number;
  name: string;
  role: string;
  type: string;
  office: { id: number; title: string; ccy: string } | null;
}

const selection = {
  id: users.id,
  name: users.name,
  role: users.role,
  type: users.type,
  office: { id: regions.id, title: regions.title, ccy: regions.ccy },
};

/** Name, email or id, among active users of every role. */
function matching(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const id = searchId(text);
  return or(
    ilike(users.name, containsPattern(text)),
    ilike(users.email, containsPattern(text)),
    id ? eq(users.id, id) : undefined,
  );
}

/** The preload: the user with exactly this id, name or email. */
function exactly(text: string): SQL | undefined {
  const id = searchId(text);
  return or(
    sql`lower(${users.name}) = lower(${text})`,
    sql`lower(${users.email}) = lower(${text})`,
    id ? eq(users.id, id) : undefined,
  );
}

/**
 * The chat's people picker over the users table (read here rather than through the users module's
 * repository, which a module may not import). Staff are few: an exact count is cheap.
 */
export const chatUsersRepository = {
  async list(
    ex: Executor,
    q: {
      search?: string | undefined;
      exact?: string | undefined;
      exclude?: number[] | undefined;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: ChatUserRow[]; total: number }> {
    const where = and(
      eq(users.is_active, true),
      q.exact
        ? exactly(q.exact)
        : allOf([matching(q.search), q.exclude?.length ? notInArray(users.id, q.exclude) : undefined]),
    );
    const [rows, totals] = await Promise.all([
      ex
        .select(selection)
        .from(users)
        .leftJoin(regions, eq(regions.id, users.region_id))
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(q.limit)
        .offset(q.offset),
      ex.select({ n: count() }).from(users).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, office: r.office?.id ? r.office : null })),
      total: totals[0]?.n ?? 0,
    };
  },
};

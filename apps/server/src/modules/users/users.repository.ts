import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedPerExecutor } from '../../db/client.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;
export type UserWithRegion = UserRow & { region: { id: number; title: string; ccy: string } | null };

const withRegion = {
  user: users,
  region: { id: regions.id, title: regions.title, ccy: regions.ccy },
};

function merge(row: {
  user: UserRow;
  region: { id: number; title: string; ccy: string } | null;
}): UserWithRegion {
  return { ...row.user, region: row.region?.id ? row.region : null };
}

export interface UserFilter {
  search?: string | undefined;
  role?: string | undefined;
  regionId?: number | undefined;
  isActive?: boolean | undefined;
  ordering?: string | undefined;
  limit: number;
  offset: number;
}

const ORDER_COLUMNS = {
  name: users.name,
  email: users.email,
  created_at: users.created_at,
  role: users.role,
};

const currentUser = preparedPerExecutor((ex) =>
  ex
    .select({
      ...withRegion,
      unread:
        sql<number>`(select count(*) from ${notifications} where ${notifications.user_id} = ${users.id} and ${notifications.read_at} is null)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.region_id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('current_user'),
);

export const usersRepository = {
  async findById(ex: Executor, id: number): Promise<UserWithRegion | null> {
    const rows = await ex
      .select(withRegion)
      .from(users)
      .leftJoin(regions, eq(regions.id, users.region_id))
      .where(eq(users.id, id));
    return rows[0] ? merge(rows[0]) : null;
  },

  /** The user with region and unread notification count, in one round trip (every page load asks). */
  async findCurrent(ex: Executor, id: number): Promise<(UserWithRegion & { unread: number }) | null> {
    const rows = await currentUser(ex).execute({ id });
    return rows[0] ? { ...merge(rows[0]), unread: rows[0].unread } : null;
  },

  async findByEmail(ex: Executor, email: string): Promise<UserRow | null> {
    const rows = await ex.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return rows[0] ?? null;
  },

  async list(ex: Executor, f: UserFilter): Promise<{ rows: UserWithRegion[]; total: number }> {
    const where: SQL[] = [];
    if (f.search) {
      const term = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(users.name, term), ilike(users.email, term))!);
    }
    if (f.role) where.push(eq(users.role, f.role));
    if (f.regionId) where.push(eq(users.region_id, f.regionId));
    if (f.isActive !== undefined) where.push(eq(users.is_active, f.isActive));
    const condition = where.length ? and(...where) : undefined;
    const key = (f.ordering ?? 'name').replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
    const column = ORDER_COLUMNS[key] ?? users.name;
    const order = f.ordering?.startsWith('-') ? desc(column) : asc(column);
    const [rows, totals] = await Promise.all([
      ex
        .select(withRegion)
        .from(users)
        .leftJoin(regions, eq(regions.id, users.region_id))
        .where(condition)
        .orderBy(order, asc(users.id))
        .limit(f.limit)
        .offset(f.offset),
      ex.select({ total: count() }).from(users).where(condition),
    ]);
    return { rows: rows.map(merge), total: totals[0]?.total ?? 0 };
  },

  async insert(ex: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
    const rows = await ex.insert(users).values(values).returning();
    return rows[0]!;
  },

  /** Updates only when the version matches; null means someone else changed the row first. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow | null> {
    const rows = await ex
      .update(users)
      .set({ ...values, updated_at: new Date(), version: sql`${users.version} + 1` })
      .where(and(eq(users.id, id), eq(users.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async update(
    ex: Executor,
    id: number,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow | null> {
    const rows = await ex
      .update(users)
      .set({ ...values, updated_at: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning();
    return rows[0] ?? null;
  },

  async countAll(ex: Executor): Promise<number> {
    const rows = await ex.select({ n: count() }).from(users);
    return rows[0]?.n ?? 0;
  },
};

import type { ClientFilter } from '@app/shared';
import { and, eq, gte, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { clients } from './clients.table.ts';
import {
  allOf,
  archivedCondition,
  inOrder,
  orderBy,
  type PageResult,
  pageIds,
  parseOrdering,
} from './list-query.utils.ts';
import { exactQuery, prefixQuery, searchId } from './search-vector.utils.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientInsert = typeof clients.$inferInsert;
export type ClientWithRefs = ClientRow & {
  fo_manager: { id: number; name: string } | null;
  office: { id: number; title: string; ccy: string } | null;
};

const ORDER_COLUMNS = {
  name: { column: clients.sort_name },
  created_at: { column: clients.created_at },
  email: { column: clients.email, nullable: true },
  rating: { column: clients.rating },
  membership_end: { column: clients.membership_end, nullable: true },
  id: { column: clients.id },
};

const itemColumns = {
  id: clients.id,
  first_name: clients.first_name,
  last_name: clients.last_name,
  email: clients.email,
  phone: clients.phone,
  rating: clients.rating,
  membership: clients.membership,
  archived_at: clients.archived_at,
};
export type ClientItemRow = Pick<ClientRow, keyof typeof itemColumns>;

const withRefs = {
  client: clients,
  manager: { id: users.id, name: users.name },
  office: { id: regions.id, title: regions.title, ccy: regions.ccy },
};

function merge(row: {
  client: ClientRow;
  manager: { id: number; name: string } | null;
  office: { id: number; title: string; ccy: string } | null;
}): ClientWithRefs {
  return {
    ...row.client,
    fo_manager: row.manager?.id ? row.manager : null,
    office: row.office?.id ? row.office : null,
  };
}

export interface ClientPageQuery {
  filter: ClientFilter;
  exclude?: number[] | undefined;
  limit: number;
  offset: number;
}

function searchCondition(search: string | undefined): SQL | undefined {
  const query = prefixQuery(search);
  const id = searchId(search);
  const text = query ? sql`${clients.search_vector} @@ ${query}::tsquery` : undefined;
  if (id !== null) return text ? or(text, eq(clients.id, id)) : eq(clients.id, id);
  return text;
}

export function clientConditions(f: ClientFilter): SQL | undefined {
  return allOf([
    archivedCondition(clients.archived_at, f.archived),
    searchCondition(f.search),
    f.membership?.length ? inArray(clients.membership, f.membership) : undefined,
    f.rating?.length ? inArray(clients.rating, f.rating) : undefined,
    f.language?.length ? inArray(clients.language, f.language) : undefined,
    f.gender?.length ? inArray(clients.gender, f.gender) : undefined,
    f.fo_manager?.length ? inArray(clients.fo_manager_id, f.fo_manager) : undefined,
    f.office?.length ? inArray(clients.region_id, f.office) : undefined,
    f.membership_end_from ? gte(clients.membership_end, f.membership_end_from) : undefined,
    f.membership_end_to ? lte(clients.membership_end, f.membership_end_to) : undefined,
  ]);
}

export const clientsRepository = {
  async findById(ex: Executor, id: number): Promise<ClientWithRefs | null> {
    return (await clientsRepository.findByIds(ex, [id]))[0] ?? null;
  },

  async findByIds(ex: Executor, ids: number[]): Promise<ClientWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select(withRefs)
      .from(clients)
      .leftJoin(users, eq(users.id, clients.fo_manager_id))
      .leftJoin(regions, eq(regions.id, clients.region_id))
      .where(inArray(clients.id, ids));
    return inOrder(ids, rows.map(merge));
  },

  /** The few columns a picker item shows, without joins. */
  async findItemsByIds(ex: Executor, ids: number[]): Promise<ClientItemRow[]> {
    if (ids.length === 0) return [];
    const rows = await ex.select(itemColumns).from(clients).where(inArray(clients.id, ids));
    return inOrder(ids, rows);
  },

  /** Locks the row for the rest of the transaction, so the before-image of an update is exact. */
  async findForUpdate(ex: Executor, id: number): Promise<ClientRow | null> {
    const rows = await ex.select().from(clients).where(eq(clients.id, id)).for('update');
    return rows[0] ?? null;
  },

  async page(ex: Executor, q: ClientPageQuery): Promise<PageResult> {
    const where = allOf([
      clientConditions(q.filter),
      q.exclude?.length ? notInArray(clients.id, q.exclude) : undefined,
    ]);
    return pageIds(ex, clients, clients.id, {
      where,
      order: parseOrdering(q.filter.ordering, ORDER_COLUMNS),
      limit: q.limit,
      offset: q.offset,
      collectFirst: prefixQuery(q.filter.search) !== null,
    });
  },

  /** Preload by the picker's stored value: the id, the exact email or the exact name. */
  async findExact(ex: Executor, search: string, filter: ClientFilter, limit: number): Promise<number[]> {
    const id = searchId(search);
    const exact = exactQuery(search);
    const rows = await ex
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          archivedCondition(clients.archived_at, filter.archived),
          or(
            eq(clients.email, search.trim().toLowerCase()),
            exact ? sql`${clients.search_vector} @@ ${exact}::tsquery` : undefined,
            id !== null ? eq(clients.id, id) : undefined,
          ),
        ),
      )
      .orderBy(clients.sort_name, clients.id)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** All matching ids in list order (exports), without paging. */
  async allIds(ex: Executor, filter: ClientFilter, max: number): Promise<number[]> {
    const rows = await ex
      .select({ id: clients.id })
      .from(clients)
      .where(clientConditions(filter))
      .orderBy(...orderBy(parseOrdering(filter.ordering, ORDER_COLUMNS), clients.id))
      .limit(max);
    return rows.map((r) => r.id);
  },

  async emailTaken(ex: Executor, email: string, exceptId?: number): Promise<boolean> {
    const rows = await ex.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).limit(2);
    return rows.some((r) => r.id !== exceptId);
  },

  /** Which of these emails are already used. */
  async existingEmails(ex: Executor, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await ex
      .select({ email: clients.email })
      .from(clients)
      .where(inArray(clients.email, emails));
    return new Set(rows.map((r) => r.email!));
  },

  /** Clients with these folded names (duplicate checks of people without an email). */
  async findBySortNames(
    ex: Executor,
    names: string[],
  ): Promise<Array<Pick<ClientRow, 'first_name' | 'last_name' | 'birthday' | 'phone'>>> {
    if (names.length === 0) return [];
    return ex
      .select({
        first_name: clients.first_name,
        last_name: clients.last_name,
        birthday: clients.birthday,
        phone: clients.phone,
      })
      .from(clients)
      .where(inArray(clients.sort_name, names));
  },

  async insert(ex: Executor, values: ClientInsert): Promise<ClientRow> {
    const rows = await ex.insert(clients).values(values).returning();
    return rows[0]!;
  },

  /** Inserts what does not collide with an existing email; answers the rows that went in. */
  async insertManySkippingDuplicates(ex: Executor, values: ClientInsert[]): Promise<ClientRow[]> {
    if (values.length === 0) return [];
    return ex.insert(clients).values(values).onConflictDoNothing().returning();
  },

  /** Updates only when the version matches; null means someone else changed the row first. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<ClientInsert>,
  ): Promise<ClientRow | null> {
    const rows = await ex
      .update(clients)
      .set({ ...values, updated_at: new Date(), version: sql`${clients.version} + 1` })
      .where(and(eq(clients.id, id), eq(clients.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async setArchived(ex: Executor, id: number, archivedAt: Date | null): Promise<ClientRow | null> {
    const rows = await ex
      .update(clients)
      .set({ archived_at: archivedAt, updated_at: new Date(), version: sql`${clients.version} + 1` })
      .where(eq(clients.id, id))
      .returning();
    return rows[0] ?? null;
  },
};

import type { ClientFilter } from '@app/shared';
import { eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  allOf,
  archivedCondition,
  exactCondition,
  type SearchableTable,
  searchCondition,
} from '../../platform/list-query/filtering.ts';
import {
  columnsByIds,
  inOrder,
  orderedIds,
  type PageResult,
  searchablePage,
} from '../../platform/list-query/paging.ts';
import { parseOrdering } from '../../platform/list-query/sorting.ts';
import { versionedRecords } from '../../platform/versioned-records.repository.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { clients } from './clients.table.ts';

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

const searchable: SearchableTable = {
  table: clients,
  id: clients.id,
  searchVector: clients.search_vector,
};

export function clientConditions(f: ClientFilter): SQL | undefined {
  return allOf([
    archivedCondition(clients.archived_at, f.archived),
    searchCondition(searchable, f.search),
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

const records = versionedRecords(clients);

export const clientsRepository = {
  ...records,

  emailTaken: (ex: Executor, email: string, exceptId?: number) =>
    records.valueTaken(ex, clients.email, email, exceptId),

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
  findItemsByIds: (ex: Executor, ids: number[]) =>
    columnsByIds<ClientItemRow>(ex, searchable, itemColumns, ids),

  page(ex: Executor, q: ClientPageQuery): Promise<PageResult> {
    return searchablePage(ex, searchable, {
      ...q,
      where: clientConditions(q.filter),
      order: parseOrdering(q.filter.ordering, ORDER_COLUMNS),
      search: q.filter.search,
    });
  },

  /** Preload by the picker's stored value: the id, the exact email or the exact name. */
  async findExact(ex: Executor, search: string, limit: number): Promise<number[]> {
    const rows = await ex
      .select({ id: clients.id })
      .from(clients)
      .where(exactCondition(searchable, search, eq(clients.email, search.trim().toLowerCase())))
      .orderBy(clients.sort_name, clients.id)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** All matching ids in list order (exports), without paging. */
  allIds(ex: Executor, filter: ClientFilter, max: number): Promise<number[]> {
    return orderedIds(
      ex,
      searchable,
      clientConditions(filter),
      parseOrdering(filter.ordering, ORDER_COLUMNS),
      max,
    );
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

  /** Inserts what does not collide with an existing email; answers the rows that went in. */
  async insertManySkippingDuplicates(ex: Executor, values: ClientInsert[]): Promise<ClientRow[]> {
    if (values.length === 0) return [];
    return ex.insert(clients).values(values).onConflictDoNothing().returning();
  },
};

import type { SupplierFilter } from '@app/shared';
import { eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
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
import { services } from './services.table.ts';
import { supplierServices, suppliers } from './suppliers.table.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierInsert = typeof suppliers.$inferInsert;
export type SupplierWithServices = SupplierRow & { services: Array<{ id: number; named: string }> };

const itemColumns = {
  id: suppliers.id,
  name: suppliers.name,
  type: suppliers.type,
  currency: suppliers.currency,
  payment_terms_days: suppliers.payment_terms_days,
  archived_at: suppliers.archived_at,
};
export type SupplierItemRow = Pick<SupplierRow, keyof typeof itemColumns>;

const ORDER_COLUMNS = {
  name: { column: suppliers.name_key },
  type: { column: suppliers.type },
  created_at: { column: suppliers.created_at },
  payment_terms_days: { column: suppliers.payment_terms_days, nullable: true },
  id: { column: suppliers.id },
};

const searchable: SearchableTable = {
  table: suppliers,
  id: suppliers.id,
  searchVector: suppliers.search_vector,
};

export function supplierConditions(f: SupplierFilter): SQL | undefined {
  return allOf([
    archivedCondition(suppliers.archived_at, f.archived),
    searchCondition(searchable, f.search),
    f.type?.length ? inArray(suppliers.type, f.type) : undefined,
    f.tags?.length ? sql`${suppliers.tags} && ${sql.param(f.tags, suppliers.tags)}` : undefined,
    f.currency?.length ? inArray(suppliers.currency, f.currency) : undefined,
    f.rating?.length ? inArray(suppliers.rating, f.rating) : undefined,
    f.country ? ilike(suppliers.country, f.country) : undefined,
    f.service?.length
      ? sql`exists (select 1 from ${supplierServices} where ${supplierServices.supplier_id} = ${suppliers.id} and ${inArray(supplierServices.service_id, f.service)})`
      : undefined,
  ]);
}

const records = versionedRecords(suppliers);

export const suppliersRepository = {
  ...records,

  nameTaken: (ex: Executor, nameKey: string, exceptId?: number) =>
    records.valueTaken(ex, suppliers.name_key, nameKey, exceptId),

  async findById(ex: Executor, id: number): Promise<SupplierWithServices | null> {
    return (await suppliersRepository.findByIds(ex, [id]))[0] ?? null;
  },

  async findByIds(ex: Executor, ids: number[]): Promise<SupplierWithServices[]> {
    if (ids.length === 0) return [];
    // One after the other: `ex` may be a transaction, whose single connection takes one query at a time.
    const rows = await ex.select().from(suppliers).where(inArray(suppliers.id, ids));
    const links = await ex
      .select({ supplier_id: supplierServices.supplier_id, id: services.id, named: services.named })
      .from(supplierServices)
      .innerJoin(services, eq(services.id, supplierServices.service_id))
      .where(inArray(supplierServices.supplier_id, ids))
      .orderBy(services.named);
    const bySupplier = new Map<number, Array<{ id: number; named: string }>>();
    for (const l of links) {
      const list = bySupplier.get(l.supplier_id) ?? [];
      list.push({ id: l.id, named: l.named });
      bySupplier.set(l.supplier_id, list);
    }
    return inOrder(
      ids,
      rows.map((r) => ({ ...r, services: bySupplier.get(r.id) ?? [] })),
    );
  },

  /** The few columns a picker item shows. */
  findItemsByIds: (ex: Executor, ids: number[]) =>
    columnsByIds<SupplierItemRow>(ex, searchable, itemColumns, ids),

  page(
    ex: Executor,
    q: { filter: SupplierFilter; exclude?: number[] | undefined; limit: number; offset: number },
  ): Promise<PageResult> {
    return searchablePage(ex, searchable, {
      ...q,
      where: supplierConditions(q.filter),
      order: parseOrdering(q.filter.ordering, ORDER_COLUMNS),
      search: q.filter.search,
    });
  },

  /** Preload: the id, the exact name, or every word present. */
  async findExact(ex: Executor, search: string, nameKey: string, limit: number): Promise<number[]> {
    const rows = await ex
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(exactCondition(searchable, search, eq(suppliers.name_key, nameKey)))
      // The exact name first, then the others by name.
      .orderBy(sql`${suppliers.name_key} <> ${nameKey}`, suppliers.name_key)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  allIds(ex: Executor, filter: SupplierFilter, max: number): Promise<number[]> {
    return orderedIds(
      ex,
      searchable,
      supplierConditions(filter),
      parseOrdering(filter.ordering, ORDER_COLUMNS),
      max,
    );
  },

  async existingNameKeys(ex: Executor, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await ex
      .select({ k: suppliers.name_key })
      .from(suppliers)
      .where(inArray(suppliers.name_key, keys));
    return new Set(rows.map((r) => r.k));
  },

  async insertManySkippingDuplicates(ex: Executor, values: SupplierInsert[]): Promise<SupplierRow[]> {
    if (values.length === 0) return [];
    return ex.insert(suppliers).values(values).onConflictDoNothing().returning();
  },

  async replaceServices(ex: Executor, supplierId: number, serviceIds: number[]): Promise<void> {
    await ex.delete(supplierServices).where(eq(supplierServices.supplier_id, supplierId));
    await suppliersRepository.addServices(
      ex,
      serviceIds.map((service_id) => ({ supplier_id: supplierId, service_id })),
    );
  },

  /** The ids of the services a supplier offers now. */
  async serviceIds(ex: Executor, supplierId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: supplierServices.service_id })
      .from(supplierServices)
      .where(eq(supplierServices.supplier_id, supplierId));
    return rows.map((r) => r.id);
  },

  async addServices(ex: Executor, links: Array<{ supplier_id: number; service_id: number }>): Promise<void> {
    if (links.length) await ex.insert(supplierServices).values(links).onConflictDoNothing();
  },

  /** Tags in use on suppliers that are not archived. */
  async tags(ex: Executor): Promise<string[]> {
    const rows = await queryRows<{ tag: string }>(
      ex,
      sql`select distinct t as tag from ${suppliers}, unnest(${suppliers.tags}) t where ${suppliers.archived_at} is null`,
    );
    return rows.map((r) => r.tag);
  },
};

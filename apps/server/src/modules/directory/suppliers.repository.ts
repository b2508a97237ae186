import type { SupplierFilter } from '@app/shared';
import { and, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
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

function searchCondition(search: string | undefined): SQL | undefined {
  const query = prefixQuery(search);
  const id = searchId(search);
  const text = query ? sql`${suppliers.search_vector} @@ ${query}::tsquery` : undefined;
  if (id !== null) return text ? or(text, eq(suppliers.id, id)) : eq(suppliers.id, id);
  return text;
}

export function supplierConditions(f: SupplierFilter): SQL | undefined {
  return allOf([
    archivedCondition(suppliers.archived_at, f.archived),
    searchCondition(f.search),
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

export const suppliersRepository = {
  async findById(ex: Executor, id: number): Promise<SupplierWithServices | null> {
    return (await suppliersRepository.findByIds(ex, [id]))[0] ?? null;
  },

  async findByIds(ex: Executor, ids: number[]): Promise<SupplierWithServices[]> {
    if (ids.length === 0) return [];
    const [rows, links] = await Promise.all([
      ex.select().from(suppliers).where(inArray(suppliers.id, ids)),
      ex
        .select({ supplier_id: supplierServices.supplier_id, id: services.id, named: services.named })
        .from(supplierServices)
        .innerJoin(services, eq(services.id, supplierServices.service_id))
        .where(inArray(supplierServices.supplier_id, ids))
        .orderBy(services.named),
    ]);
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
  async findItemsByIds(ex: Executor, ids: number[]): Promise<SupplierItemRow[]> {
    if (ids.length === 0) return [];
    const rows = await ex.select(itemColumns).from(suppliers).where(inArray(suppliers.id, ids));
    return inOrder(ids, rows);
  },

  async findForUpdate(ex: Executor, id: number): Promise<SupplierRow | null> {
    const rows = await ex.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
    return rows[0] ?? null;
  },

  async page(
    ex: Executor,
    q: { filter: SupplierFilter; exclude?: number[] | undefined; limit: number; offset: number },
  ): Promise<PageResult> {
    const where = allOf([
      supplierConditions(q.filter),
      q.exclude?.length ? notInArray(suppliers.id, q.exclude) : undefined,
    ]);
    return pageIds(ex, suppliers, suppliers.id, {
      where,
      order: parseOrdering(q.filter.ordering, ORDER_COLUMNS),
      limit: q.limit,
      offset: q.offset,
      collectFirst: prefixQuery(q.filter.search) !== null,
    });
  },

  /** Preload: the id, the exact name, or every word present. */
  async findExact(
    ex: Executor,
    search: string,
    nameKey: string,
    filter: SupplierFilter,
    limit: number,
  ): Promise<number[]> {
    const id = searchId(search);
    const exact = exactQuery(search);
    const rows = await ex
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          archivedCondition(suppliers.archived_at, filter.archived),
          or(
            eq(suppliers.name_key, nameKey),
            exact ? sql`${suppliers.search_vector} @@ ${exact}::tsquery` : undefined,
            id !== null ? eq(suppliers.id, id) : undefined,
          ),
        ),
      )
      // The exact name first, then the others by name.
      .orderBy(sql`${suppliers.name_key} <> ${nameKey}`, suppliers.name_key)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  async allIds(ex: Executor, filter: SupplierFilter, max: number): Promise<number[]> {
    const rows = await ex
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(supplierConditions(filter))
      .orderBy(...orderBy(parseOrdering(filter.ordering, ORDER_COLUMNS), suppliers.id))
      .limit(max);
    return rows.map((r) => r.id);
  },

  async nameTaken(ex: Executor, nameKey: string, exceptId?: number): Promise<boolean> {
    const rows = await ex.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name_key, nameKey));
    return rows.some((r) => r.id !== exceptId);
  },

  async existingNameKeys(ex: Executor, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await ex
      .select({ k: suppliers.name_key })
      .from(suppliers)
      .where(inArray(suppliers.name_key, keys));
    return new Set(rows.map((r) => r.k));
  },

  async insert(ex: Executor, values: SupplierInsert): Promise<SupplierRow> {
    const rows = await ex.insert(suppliers).values(values).returning();
    return rows[0]!;
  },

  async insertManySkippingDuplicates(ex: Executor, values: SupplierInsert[]): Promise<SupplierRow[]> {
    if (values.length === 0) return [];
    return ex.insert(suppliers).values(values).onConflictDoNothing().returning();
  },

  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<SupplierInsert>,
  ): Promise<SupplierRow | null> {
    const rows = await ex
      .update(suppliers)
      .set({ ...values, updated_at: new Date(), version: sql`${suppliers.version} + 1` })
      .where(and(eq(suppliers.id, id), eq(suppliers.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async setArchived(ex: Executor, id: number, archivedAt: Date | null): Promise<void> {
    await ex
      .update(suppliers)
      .set({ archived_at: archivedAt, updated_at: new Date(), version: sql`${suppliers.version} + 1` })
      .where(eq(suppliers.id, id));
  },

  async replaceServices(ex: Executor, supplierId: number, serviceIds: number[]): Promise<void> {
    await ex.delete(supplierServices).where(eq(supplierServices.supplier_id, supplierId));
    await suppliersRepository.addServices(
      ex,
      serviceIds.map((service_id) => ({ supplier_id: supplierId, service_id })),
    );
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

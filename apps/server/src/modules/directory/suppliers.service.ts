import type {
  CreateSupplierBody,
  DirectoryListResult,
  Supplier,
  SupplierFilter,
  SupplierItem,
  SupplierListQuery,
  SupplierTypeItem,
  UpdateSupplierBody,
} from '@app/shared';
import { MESSAGES, SUPPLIER_TYPES } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { blank, presentOnly } from '../../platform/column-values.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { fold } from '../../platform/full-text-search.ts';
import { filterOf, searchableList } from '../../platform/list-query/picker.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
import { servicesRepository } from './services.repository.ts';
import {
  supplierNameKey,
  supplierSearchColumns,
  supplierSnapshot,
  toSupplier,
  toSupplierItem,
} from './suppliers.mappers.ts';
import { type SupplierInsert, type SupplierRow, suppliersRepository } from './suppliers.repository.ts';

export const SUPPLIER_ENTITY = 'supplier';
const NAME_TAKEN = () => AppError.fields({ name: [MESSAGES.unique] });
/** Tags are trimmed with inner spaces collapsed, and kept as typed. */
export const cleanTags = (tags: string[]) =>
  tags.map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t.length > 0);

export function supplierColumns(body: Partial<CreateSupplierBody>): Partial<SupplierInsert> {
  return presentOnly({
    name: body.name,
    type: body.type,
    tags: body.tags ? cleanTags(body.tags) : undefined,
    country: blank(body.country),
    city: blank(body.city),
    address: blank(body.address),
    contact_name: blank(body.contact_name),
    email: blank(body.email),
    phone: blank(body.phone),
    website: blank(body.website),
    payment_terms_days: body.payment_terms_days,
    currency: body.currency,
    bank_name: blank(body.bank_name),
    bank_account: body.bank_account
      ? body.bank_account.replace(/\s+/g, '').toUpperCase()
      : blank(body.bank_account),
    bank_swift: body.bank_swift ? body.bank_swift.toUpperCase() : blank(body.bank_swift),
    rating: body.rating,
    notes: blank(body.notes),
  });
}

export function createSuppliersService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await suppliersRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Supplier');
    return row;
  }

  /**
   * Every service must exist; one the supplier does not offer yet (not in `kept`) must also not be
   * archived. An edit that keeps an archived service the supplier already had passes.
   */
  async function checkServices(ex: Executor, ids: number[] | undefined, kept: number[] = []) {
    if (!ids?.length) return;
    const found = await servicesRepository.states(ex, ids);
    const usable = found.filter((s) => !s.archived || kept.includes(s.id));
    if (usable.length !== new Set(ids).size) throw AppError.fields({ service_ids: [MESSAGES.invalidValue] });
  }

  function dbError(error: unknown): never {
    if (isUniqueViolation(error, 'suppliers_name_key')) throw NAME_TAKEN();
    if (isForeignKeyViolation(error)) throw AppError.fields({ service_ids: [MESSAGES.invalidValue] });
    throw error;
  }

  const records = auditedRecords<SupplierRow, Supplier>(db, {
    entity: SUPPLIER_ENTITY,
    label: 'Supplier',
    repository: suppliersRepository,
    view: async (ex, row) => toSupplier(await load(ex, row.id)),
    snapshot: supplierSnapshot,
  });

  return {
    list(query: SupplierListQuery): Promise<DirectoryListResult<Supplier | SupplierItem>> {
      const filter: SupplierFilter = filterOf(query);
      return searchableList(query, {
        exact: (search) => suppliersRepository.findExact(db, search, supplierNameKey(search), query.limit),
        page: () => suppliersRepository.page(db, { ...query, filter }),
        items: { load: (ids) => suppliersRepository.findItemsByIds(db, ids), map: toSupplierItem },
        full: { load: (ids) => suppliersRepository.findByIds(db, ids), map: toSupplier },
      });
    },

    /** The best matches among the suppliers not archived, by name, as picker items (the header search). */
    async bestMatches(search: string, limit: number): Promise<SupplierItem[]> {
      const filter: SupplierFilter = { search, archived: 'exclude', ordering: 'name' };
      const page = await suppliersRepository.page(db, { filter, limit, offset: 0 });
      return (await suppliersRepository.findItemsByIds(db, page.ids)).map(toSupplierItem);
    },

    async get(id: number): Promise<Supplier> {
      return toSupplier(await load(db, id));
    },

    types(query: { search?: string | undefined; exclude?: string[] | undefined }): SupplierTypeItem[] {
      const term = fold(query.search?.trim() ?? '');
      return SUPPLIER_TYPES.filter((t) => !query.exclude?.includes(t) && fold(t).includes(term)).map((t) => ({
        value: t,
        named: t,
      }));
    },

    /** Alphabetical regardless of case and of the database's collation. */
    async tags(): Promise<string[]> {
      const tags = await suppliersRepository.tags(db);
      return tags.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    },

    async create(ctx: Ctx, body: CreateSupplierBody): Promise<Supplier> {
      const { service_ids, ...fields } = body;
      if (await suppliersRepository.nameTaken(db, supplierNameKey(body.name))) throw NAME_TAKEN();
      await checkServices(db, service_ids);
      const columns = supplierColumns(fields) as SupplierInsert;
      try {
        return await records.create(ctx, async (tx) => {
          const row = await suppliersRepository.insert(tx, { ...columns, ...supplierSearchColumns(columns) });
          if (service_ids?.length) await suppliersRepository.replaceServices(tx, row.id, service_ids);
          return row;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateSupplierBody): Promise<Supplier> {
      const { version, service_ids, ...fields } = body;
      if (fields.name && (await suppliersRepository.nameTaken(db, supplierNameKey(fields.name), id)))
        throw NAME_TAKEN();
      try {
        return await records.update(ctx, id, version, async (tx, current) => {
          if (service_ids) await checkServices(tx, service_ids, await suppliersRepository.serviceIds(tx, id));
          const columns = supplierColumns(fields);
          const merged = { ...current, ...columns } as SupplierRow;
          const updated = await suppliersRepository.updateVersioned(tx, id, version, {
            ...columns,
            ...supplierSearchColumns(merged),
          });
          if (updated && service_ids) await suppliersRepository.replaceServices(tx, id, service_ids);
          return updated;
        });
      } catch (error) {
        dbError(error);
      }
    },

    setArchived: records.setArchived,
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;

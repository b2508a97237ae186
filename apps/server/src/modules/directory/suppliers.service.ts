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
import { recordChange } from '../../platform/audit/audit.service.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { pickerPage } from './list-query.utils.ts';
import { fold } from './search-vector.utils.ts';
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
const blank = <T>(v: T | '' | undefined): T | null | undefined => (v === '' ? null : v);

/** Tags are trimmed with inner spaces collapsed, and kept as typed. */
export const cleanTags = (tags: string[]) =>
  tags.map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t.length > 0);

export function supplierColumns(body: Partial<CreateSupplierBody>): Partial<SupplierInsert> {
  const out: Partial<SupplierInsert> = {};
  const set = <K extends keyof SupplierInsert>(key: K, value: SupplierInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('name', body.name);
  set('type', body.type);
  set('tags', body.tags ? cleanTags(body.tags) : undefined);
  set('country', blank(body.country));
  set('city', blank(body.city));
  set('address', blank(body.address));
  set('contact_name', blank(body.contact_name));
  set('email', blank(body.email));
  set('phone', blank(body.phone));
  set('website', blank(body.website));
  set('payment_terms_days', body.payment_terms_days);
  set('currency', body.currency);
  set('bank_name', blank(body.bank_name));
  set(
    'bank_account',
    body.bank_account ? body.bank_account.replace(/\s+/g, '').toUpperCase() : blank(body.bank_account),
  );
  set('bank_swift', body.bank_swift ? body.bank_swift.toUpperCase() : blank(body.bank_swift));
  set('rating', body.rating);
  set('notes', blank(body.notes));
  return out;
}

function filterOf(q: SupplierListQuery): SupplierFilter {
  const { limit: _l, offset: _o, list: _li, item: _it, exclude: _e, id: _id, ...filter } = q;
  return filter;
}

export function createSuppliersService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await suppliersRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Supplier');
    return row;
  }

  async function checkServices(ex: Executor, ids: number[] | undefined) {
    if (!ids?.length) return;
    const found = await servicesRepository.existingIds(ex, ids);
    if (found.length !== ids.length) throw AppError.fields({ service_ids: [MESSAGES.invalidValue] });
  }

  function dbError(error: unknown): never {
    if (isUniqueViolation(error, 'suppliers_name_key')) throw NAME_TAKEN();
    if (isForeignKeyViolation(error)) throw AppError.fields({ service_ids: [MESSAGES.invalidValue] });
    throw error;
  }

  return {
    async list(query: SupplierListQuery): Promise<DirectoryListResult<Supplier | SupplierItem>> {
      const filter = filterOf(query);
      const fns = {
        exact: (search: string) =>
          suppliersRepository.findExact(db, search, supplierNameKey(search), filter, query.limit),
        page: () =>
          suppliersRepository.page(db, {
            filter,
            exclude: query.exclude,
            limit: query.limit,
            offset: query.offset,
          }),
      };
      const meta = (total: number, estimated: boolean) => ({
        total,
        limit: query.limit,
        offset: query.offset,
        total_estimated: estimated,
      });
      if (query.list) {
        const r = await pickerPage(query, {
          ...fns,
          load: (ids) => suppliersRepository.findItemsByIds(db, ids),
        });
        return { data: r.rows.map(toSupplierItem), meta: meta(r.total, r.estimated) };
      }
      const r = await pickerPage(query, { ...fns, load: (ids) => suppliersRepository.findByIds(db, ids) });
      return { data: r.rows.map(toSupplier), meta: meta(r.total, r.estimated) };
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
        return await db.transaction(async (tx) => {
          const row = await suppliersRepository.insert(tx, { ...columns, ...supplierSearchColumns(columns) });
          if (service_ids?.length) await suppliersRepository.replaceServices(tx, row.id, service_ids);
          const supplier = toSupplier(await load(tx, row.id));
          await recordChange(tx, ctx, SUPPLIER_ENTITY, row.id, null, supplierSnapshot(supplier));
          return supplier;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateSupplierBody): Promise<Supplier> {
      const { version, service_ids, ...fields } = body;
      if (fields.name && (await suppliersRepository.nameTaken(db, supplierNameKey(fields.name), id)))
        throw NAME_TAKEN();
      await checkServices(db, service_ids);
      try {
        return await db.transaction(async (tx) => {
          const current = await suppliersRepository.findForUpdate(tx, id);
          if (!current) throw AppError.notFound('Supplier');
          if (current.version !== version) throw AppError.stale();
          const before = toSupplier(await load(tx, id));
          const columns = supplierColumns(fields);
          const merged = { ...current, ...columns } as SupplierRow;
          const updated = await suppliersRepository.updateVersioned(tx, id, version, {
            ...columns,
            ...supplierSearchColumns(merged),
          });
          if (!updated) throw AppError.stale();
          if (service_ids) await suppliersRepository.replaceServices(tx, id, service_ids);
          const after = toSupplier(await load(tx, id));
          await recordChange(tx, ctx, SUPPLIER_ENTITY, id, supplierSnapshot(before), supplierSnapshot(after));
          return after;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<Supplier> {
      return db.transaction(async (tx) => {
        const current = await suppliersRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Supplier');
        if ((current.archived_at !== null) === archived) return toSupplier(await load(tx, id));
        const before = toSupplier(await load(tx, id));
        await suppliersRepository.setArchived(tx, id, archived ? new Date() : null);
        const after = toSupplier(await load(tx, id));
        await recordChange(
          tx,
          ctx,
          SUPPLIER_ENTITY,
          id,
          supplierSnapshot(before),
          supplierSnapshot(after),
          archived ? 'archive' : 'unarchive',
        );
        return after;
      });
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;

import type {
  CreateServiceBody,
  DirectoryListResult,
  DirectoryService,
  DirectoryServiceItem,
  ServiceFilter,
  ServiceListQuery,
  UpdateServiceBody,
} from '@app/shared';
import { MESSAGES } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { recordChange } from '../../platform/audit/audit.service.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { type ServiceRow, servicesRepository } from './services.repository.ts';

export const SERVICE_ENTITY = 'service';

export function toService(row: ServiceRow): DirectoryService {
  return {
    id: row.id,
    service_type: row.service_type as DirectoryService['service_type'],
    subtype: row.subtype as DirectoryService['subtype'],
    named: row.named,
    default_account_type: row.default_account_type as DirectoryService['default_account_type'],
    archived: row.archived_at !== null,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export function toServiceItem(row: ServiceRow): DirectoryServiceItem {
  return {
    id: row.id,
    named: row.named,
    service_type: row.service_type as DirectoryServiceItem['service_type'],
    subtype: row.subtype as DirectoryServiceItem['subtype'],
    default_account_type: row.default_account_type as DirectoryServiceItem['default_account_type'],
  };
}

const snapshot = (s: DirectoryService) => {
  const { named: _n, archived: _a, ...rest } = s;
  return rest;
};

export function createServicesService({ db }: { db: Db }) {
  async function load(id: number) {
    const row = await servicesRepository.findById(db, id);
    if (!row) throw AppError.notFound('Service');
    return row;
  }

  return {
    async list(
      query: ServiceListQuery,
    ): Promise<DirectoryListResult<DirectoryService | DirectoryServiceItem>> {
      const { limit, offset, list, item, exclude, ...filter } = query;
      const f: ServiceFilter = filter;
      let result =
        item && query.search?.trim()
          ? await servicesRepository.list(db, { filter: f, limit, offset: 0, exact: query.search.trim() })
          : null;
      if (!result || result.rows.length === 0)
        result = await servicesRepository.list(db, { filter: f, exclude, limit, offset });
      return {
        data: result.rows.map((r) => (list ? toServiceItem(r) : toService(r))),
        meta: { total: result.total, limit, offset, total_estimated: false },
      };
    },

    async get(id: number): Promise<DirectoryService> {
      return toService(await load(id));
    },

    async create(ctx: Ctx, body: CreateServiceBody): Promise<DirectoryService> {
      try {
        return await db.transaction(async (tx) => {
          const row = await servicesRepository.insert(tx, {
            service_type: body.service_type,
            subtype: body.subtype ?? null,
            named: body.subtype ?? body.service_type,
            default_account_type: body.default_account_type,
          });
          const service = toService(row);
          await recordChange(tx, ctx, SERVICE_ENTITY, row.id, null, snapshot(service));
          return service;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw AppError.fields({ [body.subtype ? 'subtype' : 'service_type']: [MESSAGES.unique] });
        throw error;
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateServiceBody): Promise<DirectoryService> {
      return db.transaction(async (tx) => {
        const current = await servicesRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Service');
        if (current.version !== body.version) throw AppError.stale();
        const updated = await servicesRepository.updateVersioned(tx, id, body.version, {
          ...(body.default_account_type && { default_account_type: body.default_account_type }),
        });
        if (!updated) throw AppError.stale();
        await recordChange(
          tx,
          ctx,
          SERVICE_ENTITY,
          id,
          snapshot(toService(current)),
          snapshot(toService(updated)),
        );
        return toService(updated);
      });
    },

    async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<DirectoryService> {
      return db.transaction(async (tx) => {
        const current = await servicesRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Service');
        if ((current.archived_at !== null) === archived) return toService(current);
        const updated = (await servicesRepository.setArchived(tx, id, archived ? new Date() : null))!;
        await recordChange(
          tx,
          ctx,
          SERVICE_ENTITY,
          id,
          snapshot(toService(current)),
          snapshot(toService(updated)),
          archived ? 'archive' : 'unarchive',
        );
        return toService(updated);
      });
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;

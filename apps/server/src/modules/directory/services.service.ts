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
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { exactFirst, exactMeta, filterOf } from '../../platform/list-query/picker.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
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

  const records = auditedRecords<ServiceRow, DirectoryService>(db, {
    entity: SERVICE_ENTITY,
    label: 'Service',
    repository: servicesRepository,
    view: async (_ex, row) => toService(row),
    snapshot,
  });

  return {
    async list(
      query: ServiceListQuery,
    ): Promise<DirectoryListResult<DirectoryService | DirectoryServiceItem>> {
      const filter: ServiceFilter = filterOf(query);
      const result = await exactFirst(query, (q) => servicesRepository.list(db, { filter, ...q }));
      return {
        data: result.rows.map((r) => (query.list ? toServiceItem(r) : toService(r))),
        meta: exactMeta(query, result.total),
      };
    },

    async get(id: number): Promise<DirectoryService> {
      return toService(await load(id));
    },

    async create(ctx: Ctx, body: CreateServiceBody): Promise<DirectoryService> {
      try {
        return await records.create(ctx, (tx) =>
          servicesRepository.insert(tx, {
            service_type: body.service_type,
            subtype: body.subtype ?? null,
            named: body.subtype ?? body.service_type,
            default_account_type: body.default_account_type,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw AppError.fields({ [body.subtype ? 'subtype' : 'service_type']: [MESSAGES.unique] });
        throw error;
      }
    },

    update(ctx: Ctx, id: number, body: UpdateServiceBody): Promise<DirectoryService> {
      return records.update(ctx, id, body.version, (tx) =>
        servicesRepository.updateVersioned(tx, id, body.version, {
          ...(body.default_account_type && { default_account_type: body.default_account_type }),
        }),
      );
    },

    setArchived: records.setArchived,
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;

import type { DirectoryListResult, Manager, ManagerFilter, ManagerItem, ManagerListQuery } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { type ManagerRow, managersRepository } from './managers.repository.ts';

const role = (r: ManagerRow) => r.role as Manager['role'];

export function createManagersService({ db }: { db: Db }) {
  async function rows(query: ManagerListQuery) {
    const { limit, offset, list: _list, item, exclude, ...rest } = query;
    const filter: ManagerFilter = rest;
    let result =
      item && query.search?.trim()
        ? await managersRepository.list(db, { filter, limit, offset: 0, exact: query.search.trim() })
        : null;
    if (!result || result.rows.length === 0)
      result = await managersRepository.list(db, { filter, exclude, limit, offset });
    return result;
  }

  return {
    /** The Managers screen: FO and BO users with their office and how many clients each looks after. */
    async list(query: ManagerListQuery): Promise<DirectoryListResult<Manager | ManagerItem>> {
      const { rows: found, total } = await rows(query);
      const meta = { total, limit: query.limit, offset: query.offset, total_estimated: false };
      if (query.list)
        return {
          data: found.map((r) => ({ id: r.id, named: r.name, role: role(r), office: r.office })),
          meta,
        };
      const counts = await managersRepository.clientCounts(
        db,
        found.map((r) => r.id),
      );
      return {
        data: found.map((r) => ({
          id: r.id,
          name: r.name,
          named: r.name,
          email: r.email,
          role: role(r),
          office: r.office,
          is_active: r.is_active,
          clients_count: counts.get(r.id) ?? 0,
        })),
        meta,
      };
    },

    /** The manager picker: compact items only, whatever `list` says. */
    async picker(query: ManagerListQuery): Promise<DirectoryListResult<ManagerItem>> {
      const { rows: found, total } = await rows(query);
      return {
        data: found.map((r) => ({ id: r.id, named: r.name, role: role(r), office: r.office })),
        meta: { total, limit: query.limit, offset: query.offset, total_estimated: false },
      };
    },
  };
}

export type ManagersService = ReturnType<typeof createManagersService>;

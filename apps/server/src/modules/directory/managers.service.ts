import type { DirectoryListResult, Manager, ManagerFilter, ManagerItem, ManagerListQuery } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { exactFirst, exactMeta, filterOf } from '../../platform/list-query/picker.ts';
import { type ManagerRow, managersRepository } from './managers.repository.ts';

const role = (r: ManagerRow) => r.role as Manager['role'];

const toManagerItem = (r: ManagerRow): ManagerItem => ({
  id: r.id,
  named: r.name,
  role: role(r),
  office: r.office,
  office_title: r.office?.title ?? null,
});

export function createManagersService({ db }: { db: Db }) {
  function rows(query: ManagerListQuery) {
    const filter: ManagerFilter = filterOf(query);
    return exactFirst(query, (q) => managersRepository.list(db, { filter, ...q }));
  }

  return {
    /** The Managers screen: FO and BO users with their office and how many clients each looks after. */
    async list(query: ManagerListQuery): Promise<DirectoryListResult<Manager | ManagerItem>> {
      const { rows: found, total } = await rows(query);
      const meta = exactMeta(query, total);
      if (query.list) return { data: found.map(toManagerItem), meta };
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
        data: found.map(toManagerItem),
        meta: exactMeta(query, total),
      };
    },
  };
}

export type ManagersService = ReturnType<typeof createManagersService>;

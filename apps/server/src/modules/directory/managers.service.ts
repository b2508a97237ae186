import {
  type DirectoryListResult,
  MANAGER_ROLES,
  type Manager,
  type ManagerFilter,
  type ManagerItem,
  type ManagerListQuery,
  type ManagerPickerQuery,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { exactFirst, exactMeta, filterOf } from '../../platform/list-query/picker.ts';
import { isAdminRow, type ManagerRow, managersRepository } from './managers.repository.ts';

const role = (r: ManagerRow) => r.role as Manager['role'];

const toManagerItem = (r: ManagerRow): ManagerItem => ({
  id: r.id,
  named: r.name,
  role: role(r),
  office: r.office,
  office_title: r.office?.title ?? null,
});

/**
 * A picker item of `with_admins=true`: an FO or BO user as ever (an admin account with that role
 * included), an Admin with 'Admin' before the office in `extra`.
 */
const toPickerItem = (r: ManagerRow): ManagerItem => {
  const manager = (MANAGER_ROLES as readonly string[]).includes(r.role);
  const office = r.office?.title ?? null;
  if (manager || !isAdminRow(r)) return { ...toManagerItem(r), extra: office };
  return { ...toManagerItem(r), role: 'Admin', extra: office ? `Admin · ${office}` : 'Admin' };
};

export function createManagersService({ db }: { db: Db }) {
  function rows(query: ManagerListQuery | ManagerPickerQuery) {
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

    /**
     * The manager picker: compact items only, whatever `list` says; with `with_admins=true` the
     * active Admins too, labelled in `extra`.
     */
    async picker(query: ManagerPickerQuery): Promise<DirectoryListResult<ManagerItem>> {
      const { rows: found, total } = await rows(query);
      return {
        data: found.map(query.with_admins ? toPickerItem : toManagerItem),
        meta: exactMeta(query, total),
      };
    },
  };
}

export type ManagersService = ReturnType<typeof createManagersService>;

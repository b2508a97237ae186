import { z } from 'zod';
import { QueryBoolean } from '../api/envelope.ts';
import {
  exportFormatQuery,
  OfficeRefSchema,
  orderingQuery,
  orderingsOf,
  pickerQueryShape,
  QueryIdList,
  queryList,
} from './common.schemas.ts';

/** Managers are the users who work the front and back office (spec: Directory > Managers). */
export const MANAGER_ROLES = ['FO', 'BO'] as const;
export const ManagerRoleSchema = z.enum(MANAGER_ROLES);
export type ManagerRole = (typeof MANAGER_ROLES)[number];

/**
 * Roles a picker item can have: with `with_admins=true` the picker lists Admins too, since a
 * request accepts an Admin as its FO or BO manager.
 */
export const MANAGER_PICKER_ROLES = [...MANAGER_ROLES, 'Admin'] as const;
export type ManagerPickerRole = (typeof MANAGER_PICKER_ROLES)[number];

/** `GET /managers/` rows (Admin only). Editing a manager is done in /users. */
export const ManagerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  named: z.string(),
  email: z.string(),
  role: ManagerRoleSchema,
  office: OfficeRefSchema.nullable(),
  is_active: z.boolean(),
  /** Clients (not archived) whose FO manager this user is. */
  clients_count: z.number().int(),
});
export type Manager = z.infer<typeof ManagerSchema>;

/** `GET /managers/picker/` items, for FO/BO manager fields (every signed-in role). */
export const ManagerItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  /** 'Admin' only for the Admins `with_admins=true` adds. */
  role: z.enum(MANAGER_PICKER_ROLES),
  office: OfficeRefSchema.nullable(),
  /** The office's title alone: the picker's right-aligned extra value (`extraField="office_title"`). */
  office_title: z.string().nullable(),
  /**
   * Only with `with_admins=true`: the right-aligned extra value (`extraField="extra"`), the office
   * title with an Admin's role before it ('Admin · London', 'Admin' without an office), so a person
   * sees who is an Admin.
   */
  extra: z.string().nullable().optional(),
});
export type ManagerItem = z.infer<typeof ManagerItemSchema>;

export const MANAGER_ORDERINGS = orderingsOf(['name', 'email', 'role', 'office']);

const managerFilterShape = {
  search: pickerQueryShape.search,
  ordering: orderingQuery(MANAGER_ORDERINGS, 'name'),
  role: queryList(ManagerRoleSchema).optional(),
  office: QueryIdList.optional(),
  /** Active users only unless `is_active=false` (deactivated) or `all`. */
  is_active: z.enum(['true', 'false', 'all']).default('true'),
};

export const ManagerListQuerySchema = z.object({
  limit: pickerQueryShape.limit,
  offset: pickerQueryShape.offset,
  list: pickerQueryShape.list,
  item: pickerQueryShape.item,
  exclude: pickerQueryShape.exclude,
  ...managerFilterShape,
});
export type ManagerListQuery = z.infer<typeof ManagerListQuerySchema>;

/**
 * `GET /managers/picker/`: the list query and `with_admins=true`, which lists active Admin users
 * too (whatever `role` says), each item labelled by `extra`. Without it the picker answers as the
 * Managers list does: FO and BO users only.
 */
export const ManagerPickerQuerySchema = ManagerListQuerySchema.extend({
  with_admins: QueryBoolean.optional(),
});
export type ManagerPickerQuery = z.infer<typeof ManagerPickerQuerySchema>;
export type ManagerFilter = Omit<ManagerPickerQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude'>;

export const ManagerExportQuerySchema = z.object({
  ...managerFilterShape,
  format: exportFormatQuery,
});
export type ManagerExportQuery = z.infer<typeof ManagerExportQuerySchema>;

import { z } from 'zod';
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
  role: ManagerRoleSchema,
  office: OfficeRefSchema.nullable(),
  /** The office's title alone: the picker's right-aligned extra value (`extraField="office_title"`). */
  office_title: z.string().nullable(),
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
export type ManagerFilter = Omit<ManagerListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude'>;

export const ManagerExportQuerySchema = z.object({
  ...managerFilterShape,
  format: exportFormatQuery,
});
export type ManagerExportQuery = z.infer<typeof ManagerExportQuerySchema>;

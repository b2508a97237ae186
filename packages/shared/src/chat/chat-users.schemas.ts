import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { OfficeRefSchema, pickerQueryShape } from '../directory/common.schemas.ts';

/**
 * `GET /chat/users/` items: every active member of staff, whatever the role, to start a chat with
 * or add to one. The shape of the manager picker's items (`named`, `role`, `office_title`, `extra`).
 */
export const ChatUserItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  name: z.string(),
  /** The displayed role: 'Admin' for an administrator account whatever its stored role. */
  role: z.enum(ROLES),
  office: OfficeRefSchema.nullable(),
  /** The office's title alone (`extraField="office_title"`). */
  office_title: z.string().nullable(),
  /** The picker's right-aligned extra value: the role's label and the office ('Frontend · Dubai', 'Accountant'). */
  extra: z.string(),
});
export type ChatUserItem = z.infer<typeof ChatUserItemSchema>;

/**
 * The picker's parameters (spec 7 "Picker lists"): `limit`, `offset`, `search` (name, email or id),
 * `exclude` (comma-separated ids: the chosen ones, the caller), `list=true` (answered the same) and
 * the preload `item=true` with `search` (the exact id, name or email first). Other parameters
 * (such as the manager picker's `with_admins`) are ignored: every role is listed anyway.
 */
export const ChatUserPickerQuerySchema = z.object({
  limit: pickerQueryShape.limit,
  offset: pickerQueryShape.offset,
  search: pickerQueryShape.search,
  list: pickerQueryShape.list,
  item: pickerQueryShape.item,
  exclude: pickerQueryShape.exclude,
});
export type ChatUserPickerQuery = z.infer<typeof ChatUserPickerQuerySchema>;

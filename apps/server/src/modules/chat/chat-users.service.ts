import {
  type ChatUserItem,
  type ChatUserPickerQuery,
  type DirectoryListResult,
  displayRole,
  ROLE_LABELS,
  type Role,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { exactFirst, exactMeta } from '../../platform/list-query/picker.ts';
import { type ChatUserRow, chatUsersRepository } from './chat-users.repository.ts';

export function toChatUserItem(r: ChatUserRow): ChatUserItem {
  const role = displayRole({ type: r.type, role: r.role as Role });
  const office = r.office?.title ?? null;
  return {
    id: r.id,
    named: r.name,
    name: r.name,
    role,
    office: r.office,
    office_title: office,
    extra: office ? `${ROLE_LABELS[role]} · ${office}` : ROLE_LABELS[role],
  };
}

/** Who one may chat with: every active member of staff (Admin, Accountant, FO, BO). */
export function createChatUsersService({ db }: { db: Db }) {
  return {
    async picker(query: ChatUserPickerQuery): Promise<DirectoryListResult<ChatUserItem>> {
      const { rows, total } = await exactFirst(query, (q) =>
        chatUsersRepository.list(db, { ...q, search: query.search }),
      );
      return { data: rows.map(toChatUserItem), meta: exactMeta(query, total) };
    },
  };
}

export type ChatUsersService = ReturnType<typeof createChatUsersService>;

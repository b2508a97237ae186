import { ROLES, type Role } from '@app/shared/auth/roles';
import { USER_ORDERINGS } from '@app/shared/users/user.schemas';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { UserListParams } from '../api/users-keys.ts';

/** The users list in the URL: `search`, `role`, `region`, `status`, `ordering`, `page`, `page_size`. */
export const USERS_LIST: ListStateOptions = {
  listPath: '/users',
  filterKeys: ['role', 'region', 'status'],
  defaultOrdering: 'name',
};

type Ordering = NonNullable<UserListParams['ordering']>;

/**
 * GET users/ for the list's state. `status` (active, inactive) is the API's `is_active`; values the
 * API would refuse (a hand-edited URL) are left out rather than sent.
 */
export function usersQuery(state: ListState): UserListParams {
  const { role, region, status } = state.filters;
  const search = state.search.trim();
  const ordering = (USER_ORDERINGS as readonly string[]).includes(state.ordering ?? '')
    ? (state.ordering as Ordering)
    : 'name';
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering,
    ...(search ? { search } : {}),
    ...(role && (ROLES as readonly string[]).includes(role) ? { role: role as Role } : {}),
    ...(region && /^\d+$/.test(region) ? { region: Number(region) } : {}),
    ...(status === 'active' || status === 'inactive'
      ? { is_active: status === 'active' ? 'true' : 'false' }
      : {}),
  };
}

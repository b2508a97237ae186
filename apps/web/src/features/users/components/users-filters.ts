import { ROLES, type Role } from '@app/shared/auth/roles';
import type { UserListQuery } from '@app/shared/users/user.schemas';
import type { UserListParams } from '../api/users-keys.ts';

export const USERS_PAGE_SIZE = 20;
export const USERS_LIST_PATH = '/users';

type Ordering = NonNullable<UserListQuery['ordering']>;
const ORDERINGS: readonly Ordering[] = [
  'name',
  '-name',
  'email',
  '-email',
  'created_at',
  '-created_at',
  'role',
  '-role',
];

export interface UsersFilters {
  search: string;
  role: Role | null;
  region: string | null;
  status: 'active' | 'inactive' | null;
  ordering: Ordering;
  page: number;
}

/** The list's state lives in the URL so it survives reloads and can be saved for "back to list". */
export function filtersFromParams(params: URLSearchParams): UsersFilters {
  const role = params.get('role');
  const status = params.get('status');
  const ordering = params.get('ordering');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    role: role && (ROLES as readonly string[]).includes(role) ? (role as Role) : null,
    region: params.get('region') && /^\d+$/.test(params.get('region') ?? '') ? params.get('region') : null,
    status: status === 'active' || status === 'inactive' ? status : null,
    ordering:
      ordering && (ORDERINGS as readonly string[]).includes(ordering) ? (ordering as Ordering) : 'name',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function filtersToParams(filters: UsersFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.region) params.set('region', filters.region);
  if (filters.status) params.set('status', filters.status);
  if (filters.ordering !== 'name') params.set('ordering', filters.ordering);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function filtersToQuery(filters: UsersFilters): UserListParams {
  return {
    limit: USERS_PAGE_SIZE,
    offset: (filters.page - 1) * USERS_PAGE_SIZE,
    ordering: filters.ordering,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.region ? { region: Number(filters.region) } : {}),
    ...(filters.status ? { is_active: filters.status === 'active' ? 'true' : 'false' } : {}),
  };
}

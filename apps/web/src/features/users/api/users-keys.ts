import type { UserListQuery } from '@app/shared/users/user.schemas';

export type UserListParams = Partial<UserListQuery>;

/** Query keys of the users feature; 'users','me' belongs to the session and is left alone. */
export const usersKeys = {
  lists: ['users', 'list'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

import type { ListResult } from '@app/shared/api/envelope';
import type { User } from '@app/shared/users/user.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type UserListParams, usersKeys } from './users-keys.ts';

export function listUsers(params: UserListParams, signal?: AbortSignal): Promise<ListResult<User>> {
  return http.get<ListResult<User>>('users/', { query: { ...params }, signal });
}

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

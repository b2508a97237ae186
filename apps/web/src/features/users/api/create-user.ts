import type { CreateUserBody, User } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { usersKeys } from './users-keys.ts';

/** POST users/: the new user always has a temporary password. Field messages show on the form. */
export async function createUser(body: CreateUserBody): Promise<User> {
  return (await http.post<{ data: User }>('users/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: usersKeys.lists }),
  });
}

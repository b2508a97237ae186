import type { UpdateUserBody, User } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { usersKeys } from './users-keys.ts';

/** PATCH users/{id}/ with the version read; a 409 (someone else saved first) is shown by the caller. */
export async function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  return (await http.patch<{ data: User }>(`users/${id}/`, body, { quiet: [409], fieldErrors: 'inline' }))
    .data;
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: usersKeys.lists }),
  });
}

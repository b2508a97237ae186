import type { ChangePasswordBody, CurrentUser } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';

/** POST users/me/password/ {current_password, new_password}. */
export async function changePassword(body: ChangePasswordBody): Promise<CurrentUser> {
  return (await http.post<{ data: CurrentUser }>('users/me/password/', body, { fieldErrors: 'inline' })).data;
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: (user) => setCurrentUser(client, user) });
}

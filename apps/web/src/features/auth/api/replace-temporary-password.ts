import type { CurrentUser } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';

/** POST users/me/password/ without the current password, which is not asked while it is temporary. */
export async function replaceTemporaryPassword(newPassword: string): Promise<CurrentUser> {
  const answer = await http.post<{ data: CurrentUser }>(
    'users/me/password/',
    { new_password: newPassword },
    { fieldErrors: 'inline' },
  );
  return answer.data;
}

export function useReplaceTemporaryPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replaceTemporaryPassword,
    onSuccess: (user) => setCurrentUser(client, user),
  });
}

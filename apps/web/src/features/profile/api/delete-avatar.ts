import type { CurrentUser } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';

/** DELETE users/me/avatar/: back to initials. Answers the current user, like the upload, so every avatar updates. */
export async function deleteAvatar(): Promise<CurrentUser> {
  return (await http.delete<{ data: CurrentUser }>('users/me/avatar/')).data;
}

export function useDeleteAvatar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (user) => setCurrentUser(client, user) });
}

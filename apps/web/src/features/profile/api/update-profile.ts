import type { CurrentUser, UpdateProfileBody } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';

/** PATCH users/me/ {name}. */
export async function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return (await http.patch<{ data: CurrentUser }>('users/me/', body, { fieldErrors: 'inline' })).data;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setCurrentUser(client, user) });
}

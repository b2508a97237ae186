import type { CurrentUser } from '@app/shared/users/user.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';

/** POST users/me/avatar/ as multipart, field `file`. Too large (413) or not an image (415) shows beside the picture. */
export async function uploadAvatar(file: File): Promise<CurrentUser> {
  return (
    await http.post<{ data: CurrentUser }>(
      'users/me/avatar/',
      { file },
      { formData: true, quiet: [400, 413, 415] },
    )
  ).data;
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (user) => setCurrentUser(client, user) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/**
 * DELETE requests/{id}/. A refusal (`REQUEST_NOT_DELETABLE`) comes back to the caller, which shows
 * the server's reason in its dialog rather than a toast.
 */
export async function deleteRequest(id: number): Promise<void> {
  await http.delete(`requests/${id}/`, { quiet: [400, 409] });
}

export function useDeleteRequest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRequest(id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: requestsKeys.detail(id) });
      await client.invalidateQueries({ queryKey: requestsKeys.lists });
    },
  });
}

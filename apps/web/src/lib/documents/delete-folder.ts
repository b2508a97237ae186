import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/**
 * DELETE documents/folders/{id}/: without `confirm` a folder holding files answers 409
 * FOLDER_NOT_EMPTY with how many; the dialog says so and asks again. Refusals are shown there.
 */
export async function deleteFolder({ id, confirm }: { id: number; confirm: boolean }): Promise<void> {
  await http.delete(`documents/folders/${id}/`, { query: confirm ? { confirm: true } : {}, quiet: true });
}

export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: (_data, { id }) => {
      client.removeQueries({ queryKey: documentsKeys.folder(id) });
      client.removeQueries({ queryKey: documentsKeys.filesOf(id) });
      return client.invalidateQueries({ queryKey: documentsKeys.all });
    },
  });
}

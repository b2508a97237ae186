import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** DELETE documents/files/{id}/: a refusal is shown in the confirm dialog. */
export async function deleteFile(id: number): Promise<void> {
  await http.delete(`documents/files/${id}/`, { quiet: true });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKeys.files }),
  });
}

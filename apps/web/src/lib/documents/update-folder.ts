import type { DocumentFolder, DocumentFolderUpdateBody } from '@app/shared/documents/documents.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** PATCH documents/folders/{id}/: rename and/or move (a 400 under the form's field, a 409 when stale). */
export async function updateFolder({
  id,
  body,
}: {
  id: number;
  body: DocumentFolderUpdateBody;
}): Promise<DocumentFolder> {
  return (
    await http.patch<{ data: DocumentFolder }>(`documents/folders/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [404, 409],
    })
  ).data;
}

export function useUpdateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKeys.folders }),
  });
}

import type { DocumentFolder, DocumentFolderCreateBody } from '@app/shared/documents/documents.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** POST documents/folders/: a 400 (a name taken, a bad name) is shown under the form's field. */
export async function createFolder(body: DocumentFolderCreateBody): Promise<DocumentFolder> {
  return (await http.post<{ data: DocumentFolder }>('documents/folders/', body, { fieldErrors: 'inline' }))
    .data;
}

export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKeys.folders }),
  });
}

import type { DocumentFile, DocumentFileUpdateBody } from '@app/shared/documents/documents.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** PATCH documents/files/{id}/: rename and/or move to another folder (a 400 under the form's field). */
export async function updateFile({
  id,
  body,
}: {
  id: number;
  body: DocumentFileUpdateBody;
}): Promise<DocumentFile> {
  return (
    await http.patch<{ data: DocumentFile }>(`documents/files/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [404],
    })
  ).data;
}

export function useUpdateFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKeys.files }),
  });
}

import type { DocumentFolderDetail } from '@app/shared/documents/documents.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** GET documents/folders/{id}/: the folder and the folders above it. A 404 is the caller's to say. */
export async function getFolder(id: number, signal?: AbortSignal): Promise<DocumentFolderDetail> {
  return (
    await http.get<{ data: DocumentFolderDetail }>(`documents/folders/${id}/`, { signal, quiet: [404] })
  ).data;
}

export function useFolder(id: number | null) {
  return useQuery({
    queryKey: documentsKeys.folder(id ?? 0),
    queryFn: ({ signal }) => getFolder(id as number, signal),
    enabled: id !== null,
    retry: false,
  });
}

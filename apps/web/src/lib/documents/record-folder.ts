import type { DocumentFolder } from '@app/shared/documents/documents.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { type DocumentRecordLink, documentsKeys } from './documents-keys.ts';
import { listFolders } from './list-folders.ts';

/** The folder linked to a client or request, or null while it has none. */
export async function findRecordFolder(
  link: DocumentRecordLink,
  signal?: AbortSignal,
): Promise<DocumentFolder | null> {
  return (await listFolders({ ...link, limit: 1 }, signal)).data[0] ?? null;
}

export function useRecordFolder(link: DocumentRecordLink) {
  return useQuery({
    queryKey: documentsKeys.record(link),
    queryFn: ({ signal }) => findRecordFolder(link, signal),
  });
}

/** POST documents/folders/record/: the record's folder, made now when it has none (a client's on first use). */
export async function ensureRecordFolder(link: DocumentRecordLink): Promise<DocumentFolder> {
  return (await http.post<{ data: DocumentFolder }>('documents/folders/record/', link)).data;
}

export function useEnsureRecordFolder(link: DocumentRecordLink) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ensureRecordFolder(link),
    onSuccess: (folder) => {
      client.setQueryData(documentsKeys.record(link), folder);
      return client.invalidateQueries({ queryKey: documentsKeys.folders });
    },
  });
}

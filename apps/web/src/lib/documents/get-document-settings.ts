import type { DocumentSettings } from '@app/shared/documents/documents.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** GET documents/settings/: the largest file and the most files an upload takes. */
export async function getDocumentSettings(signal?: AbortSignal): Promise<DocumentSettings> {
  return (await http.get<{ data: DocumentSettings }>('documents/settings/', { signal })).data;
}

export function useDocumentSettings() {
  return useQuery({
    queryKey: documentsKeys.settings,
    queryFn: ({ signal }) => getDocumentSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import type { ListResult } from '@app/shared/api/envelope';
import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';
import { nextOffset } from './list-folders.ts';

/** Files asked for at a time; a folder with more shows "Show more". */
export const FILE_PAGE = 100;

/** GET documents/files/?folder=: a folder's files, by name. */
export function listFiles(
  params: { folder: number; limit?: number; offset?: number },
  signal?: AbortSignal,
): Promise<ListResult<DocumentFile>> {
  return http.get<ListResult<DocumentFile>>('documents/files/', { query: { ...params }, signal });
}

export function useFiles(folder: number | null, options: { pageSize?: number } = {}) {
  const limit = options.pageSize ?? FILE_PAGE;
  return useInfiniteQuery({
    queryKey: documentsKeys.filesOf(folder ?? 0),
    queryFn: ({ pageParam, signal }) =>
      listFiles({ folder: folder as number, limit, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled: folder !== null,
  });
}

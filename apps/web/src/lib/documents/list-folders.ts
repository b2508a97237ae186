import type { ListResult } from '@app/shared/api/envelope';
import type { DocumentFolder } from '@app/shared/documents/documents.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** Subfolders asked for at a time; a tree level with more shows "Show more". */
export const FOLDER_PAGE = 200;

/** GET documents/folders/: the subfolders of `parent` (or the top folders), by name. */
export function listFolders(
  params: { parent?: number; client?: number; request?: number; limit?: number; offset?: number },
  signal?: AbortSignal,
): Promise<ListResult<DocumentFolder>> {
  return http.get<ListResult<DocumentFolder>>('documents/folders/', { query: { ...params }, signal });
}

/** Where the next page starts, or undefined when every item is loaded. */
export function nextOffset<T>(pages: ListResult<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  const last = pages.at(-1);
  return last && loaded < last.meta.total && last.data.length > 0 ? loaded : undefined;
}

/** One level of the tree, a page at a time. */
export function useFolderChildren(parent: number | null, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: documentsKeys.children(parent),
    queryFn: ({ pageParam, signal }) =>
      listFolders({ ...(parent === null ? {} : { parent }), limit: FOLDER_PAGE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled: options.enabled ?? true,
  });
}

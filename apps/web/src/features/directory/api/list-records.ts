import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { areaPath, type DirectoryArea, directoryKeys, type RecordOf } from './directory-areas.ts';

/** GET /{area}/?limit&offset&ordering&search&filters: one page and the total. */
export function listRecords<A extends DirectoryArea>(
  area: A,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<DirectoryListResult<RecordOf<A>>> {
  return http.get<DirectoryListResult<RecordOf<A>>>(areaPath(area), { query, signal });
}

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export function useRecordList<A extends DirectoryArea>(area: A, query: Record<string, string | number>) {
  return useQuery({
    queryKey: directoryKeys.list(area, query),
    queryFn: ({ signal }) => listRecords(area, query, signal),
    placeholderData: keepPreviousData,
  });
}

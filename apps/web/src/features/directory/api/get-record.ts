import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type DirectoryArea, directoryKeys, type RecordOf, recordPath } from './directory-areas.ts';

/** GET /{area}/{id}/. A 404 is shown by the page ("not found"), not as a toast. */
export async function getRecord<A extends DirectoryArea>(area: A, id: number, signal?: AbortSignal) {
  const answer = await http.get<{ data: RecordOf<A> }>(recordPath(area, id), { signal, quiet: [404] });
  return answer.data;
}

export function useRecord<A extends DirectoryArea>(area: A, id: number | null) {
  return useQuery({
    queryKey: directoryKeys.detail(area, id ?? 0),
    queryFn: ({ signal }) => getRecord(area, id as number, signal),
    enabled: id !== null && id > 0,
    // an editor must start from the stored version, or its save is refused as stale
    staleTime: 0,
  });
}

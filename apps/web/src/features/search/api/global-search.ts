import type { GlobalSearchResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/** How many matches each group shows; more means "see them all in the list". */
export const SEARCH_GROUP_LIMIT = 10;

export const globalSearchKey = (text: string) => ['search', text] as const;

/** GET /search/?search=text&limit=10: the best matches of each area. */
export async function globalSearch(text: string, signal?: AbortSignal): Promise<GlobalSearchResult> {
  const answer = await http.get<{ data: GlobalSearchResult }>('search/', {
    query: { search: text, limit: SEARCH_GROUP_LIMIT },
    signal,
  });
  return answer.data;
}

export function useGlobalSearch(text: string) {
  return useQuery({
    queryKey: globalSearchKey(text),
    queryFn: ({ signal }) => globalSearch(text, signal),
    enabled: text.trim() !== '',
  });
}

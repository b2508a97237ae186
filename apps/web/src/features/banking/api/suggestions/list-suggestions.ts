import type { Suggestion } from '@app/shared/banking/allocations.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { suggestionsKeys } from './suggestions-keys.ts';

/** GET transactions/{id}/suggestions/: open documents, best first, each with why. */
export async function listSuggestions(id: number, signal?: AbortSignal): Promise<Suggestion[]> {
  return (await http.get<{ data: Suggestion[] }>(`transactions/${id}/suggestions/`, { signal })).data;
}

/** Not asked for a line with nothing open (matched) or a transfer leg (matched by its pair). */
export function useSuggestions(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: suggestionsKeys.forTransaction(id ?? 0),
    queryFn: ({ signal }) => listSuggestions(id as number, signal),
    enabled: id !== null && enabled,
  });
}

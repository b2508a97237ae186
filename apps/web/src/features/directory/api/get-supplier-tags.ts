import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

export const supplierTagsKey = ['directory', 'suppliers', 'tags'] as const;

/** GET /suppliers/tags/ (spec 7: sent without params): every tag in use, for suggestions. */
export async function getSupplierTags(signal?: AbortSignal): Promise<string[]> {
  const answer = await http.get<{ data: string[] }>('suppliers/tags/', { signal });
  return answer.data;
}

export function useSupplierTags() {
  return useQuery({
    queryKey: supplierTagsKey,
    queryFn: ({ signal }) => getSupplierTags(signal),
    staleTime: 60_000,
  });
}

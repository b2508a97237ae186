import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/** GET requests/{id}/: the request with its lines valued now. A 404 or 403 is the page's to show. */
export async function getRequest(id: number, signal?: AbortSignal): Promise<RequestRecord> {
  return (await http.get<{ data: RequestRecord }>(`requests/${id}/`, { signal, quiet: [403, 404] })).data;
}

export function useRequest(id: number | null) {
  return useQuery({
    queryKey: requestsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getRequest(id as number, signal),
    enabled: id !== null && id > 0,
    // every edit carries the version: start from the stored one
    staleTime: 0,
    retry: false,
  });
}

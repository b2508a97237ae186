import type { DirectoryListResult } from '@app/shared/directory/index';
import type { RequestListItem } from '@app/shared/requests/requests.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type RequestListParams, requestsKeys } from './requests-keys.ts';

/** GET requests/: one page of the list and its total (estimated above 1,000 matches). */
export function listRequests(
  params: RequestListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<RequestListItem>> {
  return http.get<DirectoryListResult<RequestListItem>>('requests/', { query: { ...params }, signal });
}

/** The previous page stays on screen, dimmed, while the next one loads. */
export function useRequests(params: RequestListParams) {
  return useQuery({
    queryKey: requestsKeys.list(params),
    queryFn: ({ signal }) => listRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

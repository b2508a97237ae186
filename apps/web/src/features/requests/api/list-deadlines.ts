import type { DirectoryListResult } from '@app/shared/directory/index';
import type { DeadlineListItem } from '@app/shared/requests/requests.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type DeadlineListParams, requestsKeys } from './requests-keys.ts';

/** GET deadlines/: one page of deadline payments with their request, line, supplier and managers. */
export function listDeadlines(
  params: DeadlineListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<DeadlineListItem>> {
  return http.get<DirectoryListResult<DeadlineListItem>>('deadlines/', { query: { ...params }, signal });
}

/** The previous page stays on screen, dimmed, while the next one loads. */
export function useDeadlines(params: DeadlineListParams) {
  return useQuery({
    queryKey: requestsKeys.deadlineList(params),
    queryFn: ({ signal }) => listDeadlines(params, signal),
    placeholderData: keepPreviousData,
  });
}

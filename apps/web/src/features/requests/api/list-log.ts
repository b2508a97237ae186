import type { LogRecord, LogRecordDetail } from '@app/shared/requests/log.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/**
 * The request's LOG history: its records (GET log/?request={id}), each with its steps
 * (GET log/{id}/), newest record first.
 */
export async function requestLog(id: number, signal?: AbortSignal): Promise<LogRecordDetail[]> {
  const records = (
    await http.get<{ data: LogRecord[] }>('log/', {
      query: { request: id, limit: 50, ordering: '-submitted_at' },
      signal,
    })
  ).data;
  return Promise.all(
    records.map(async (r) => (await http.get<{ data: LogRecordDetail }>(`log/${r.id}/`, { signal })).data),
  );
}

export function useRequestLog(id: number) {
  return useQuery({
    queryKey: requestsKeys.log(id),
    queryFn: ({ signal }) => requestLog(id, signal),
    staleTime: 0,
  });
}

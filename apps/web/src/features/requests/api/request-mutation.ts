import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsKeys } from './requests-keys.ts';

/** What a change to a request can touch on its page, besides the lists. */
export type RequestPart = 'record' | 'offers' | 'log';

/** After a change: the page's parts that it touched are read again, and every list is stale. */
export async function refreshRequest(client: QueryClient, id: number, parts: readonly RequestPart[]) {
  const keys = {
    record: requestsKeys.detail(id),
    offers: requestsKeys.offers(id),
    log: requestsKeys.log(id),
  };
  await Promise.all([
    ...parts.map((part) => client.invalidateQueries({ queryKey: keys[part], exact: part !== 'log' })),
    client.invalidateQueries({ queryKey: requestsKeys.lists }),
    client.invalidateQueries({ queryKey: requestsKeys.deadlines }),
  ]);
}

/** A mutation on one request that reads the touched parts of its page again once it succeeded. */
export function useRequestMutation<V, R>(
  id: number,
  mutationFn: (variables: V) => Promise<R>,
  parts: readonly RequestPart[] = ['record'],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshRequest(client, id, parts),
  });
}

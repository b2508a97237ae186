import type { CancelRequestBody, RequestRecord } from '@app/shared/requests/requests.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST requests/{id}/cancel/ with the version: its open lines become Canceled. */
export async function cancelRequest(id: number, body: CancelRequestBody): Promise<RequestRecord> {
  return (await http.post<{ data: RequestRecord }>(`requests/${id}/cancel/`, body, { quiet: [409] })).data;
}

export function useCancelRequest(id: number) {
  return useRequestMutation(id, (body: CancelRequestBody) => cancelRequest(id, body));
}

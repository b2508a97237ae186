import type { CreateRequestLineBody, RequestRecord } from '@app/shared/requests/requests.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST requests/{id}/lines/: a service line with its deadlines; the form shows field messages. */
export async function addLine(id: number, body: CreateRequestLineBody): Promise<RequestRecord> {
  return (
    await http.post<{ data: RequestRecord }>(`requests/${id}/lines/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useAddLine(id: number) {
  return useRequestMutation(id, (body: CreateRequestLineBody) => addLine(id, body));
}

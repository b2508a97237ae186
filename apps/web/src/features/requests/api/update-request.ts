import type { RequestRecord, UpdateRequestBody } from '@app/shared/requests/requests.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** PATCH requests/{id}/ with the loaded version; the form shows field messages and a 409 itself. */
export async function updateRequest(id: number, body: UpdateRequestBody): Promise<RequestRecord> {
  return (
    await http.patch<{ data: RequestRecord }>(`requests/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useUpdateRequest(id: number) {
  return useRequestMutation(id, (body: UpdateRequestBody) => updateRequest(id, body), ['record', 'log']);
}

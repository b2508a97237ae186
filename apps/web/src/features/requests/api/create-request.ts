import type { CreateRequestBody, RequestRecord } from '@app/shared/requests/requests.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { requestsKeys } from './requests-keys.ts';

/** POST requests/: the request and its lines, saved together or not at all. Field messages show on the form. */
export async function createRequest(body: CreateRequestBody): Promise<RequestRecord> {
  return (await http.post<{ data: RequestRecord }>('requests/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: requestsKeys.lists }),
  });
}

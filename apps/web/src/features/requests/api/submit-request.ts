import type { LogRecordDetail } from '@app/shared/requests/log.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST requests/{id}/submit/: hands the request to accounting (a LOG record NEW, or NEW again). */
export async function submitRequest(id: number): Promise<LogRecordDetail> {
  return (await http.post<{ data: LogRecordDetail }>(`requests/${id}/submit/`, {})).data;
}

export function useSubmitRequest(id: number) {
  return useRequestMutation(id, () => submitRequest(id), ['log', 'record']);
}

import type { ConfirmLogBody, LogRecordDetail } from '@app/shared/requests/log.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST log/{logId}/confirm/: the request's Confirmed and Invoiced lines become Accounted. */
export async function confirmLog(logId: number, body: ConfirmLogBody): Promise<LogRecordDetail> {
  return (await http.post<{ data: LogRecordDetail }>(`log/${logId}/confirm/`, body, { quiet: [409] })).data;
}

export function useConfirmLog(requestId: number) {
  return useRequestMutation(
    requestId,
    ({ logId, body }: { logId: number; body: ConfirmLogBody }) => confirmLog(logId, body),
    ['log', 'record'],
  );
}

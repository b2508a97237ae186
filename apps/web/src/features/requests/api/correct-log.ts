import type { CorrectionLogBody, LogRecordDetail } from '@app/shared/requests/log.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** POST log/{logId}/correction/ with the comment: back to BO, SENT FOR CORRECTION. */
export async function correctLog(logId: number, body: CorrectionLogBody): Promise<LogRecordDetail> {
  return (
    await http.post<{ data: LogRecordDetail }>(`log/${logId}/correction/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useCorrectLog(requestId: number) {
  return useRequestMutation(
    requestId,
    ({ logId, body }: { logId: number; body: CorrectionLogBody }) => correctLog(logId, body),
    ['log'],
  );
}

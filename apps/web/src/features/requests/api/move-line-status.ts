import type { RequestLineStatusBody } from '@app/shared/requests/requests.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/**
 * POST requests/{id}/lines/{lineId}/status/ (`{status, version}`; null undoes a confirmation). An
 * illegal move is a 400 with its code (`ILLEGAL_STATUS_MOVE`, `NO_RATE_SET`), toasted under it.
 */
export async function moveLineStatus(
  id: number,
  lineId: number,
  body: RequestLineStatusBody,
): Promise<unknown> {
  return (
    await http.post<{ data: unknown }>(`requests/${id}/lines/${lineId}/status/`, body, { quiet: [409] })
  ).data;
}

export function useMoveLineStatus(id: number) {
  return useRequestMutation(
    id,
    ({ lineId, body }: { lineId: number; body: RequestLineStatusBody }) => moveLineStatus(id, lineId, body),
    ['record', 'log'],
  );
}

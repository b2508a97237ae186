import type { UpdateRequestLineBody } from '@app/shared/requests/requests.schemas';
import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** PATCH requests/{id}/lines/{lineId}/ with the line's version; 409 when someone changed it since. */
export async function updateLine(id: number, lineId: number, body: UpdateRequestLineBody): Promise<unknown> {
  return (
    await http.patch<{ data: unknown }>(`requests/${id}/lines/${lineId}/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useUpdateLine(id: number) {
  return useRequestMutation(id, ({ lineId, body }: { lineId: number; body: UpdateRequestLineBody }) =>
    updateLine(id, lineId, body),
  );
}

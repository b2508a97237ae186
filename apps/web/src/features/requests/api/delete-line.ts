import { http } from '../../../lib/http/http-client.ts';
import { useRequestMutation } from './request-mutation.ts';

/** DELETE requests/{id}/lines/{lineId}/: refused (400, toasted) for a confirmed or later line. */
export async function deleteLine(id: number, lineId: number): Promise<void> {
  await http.delete(`requests/${id}/lines/${lineId}/`);
}

export function useDeleteLine(id: number) {
  return useRequestMutation(id, (lineId: number) => deleteLine(id, lineId), ['record', 'offers']);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import {
  AUDIT_ENTITY,
  directoryKeys,
  type EditableArea,
  type RecordOf,
  recordPath,
} from './directory-areas.ts';
import { auditKey } from './get-audit.ts';

/**
 * POST /{area}/{id}/archive/ or /unarchive/. Archived records leave the pickers and the default
 * lists but keep their history and every document that points at them.
 */
export async function setArchived<A extends EditableArea>(area: A, id: number, archived: boolean) {
  const action = archived ? 'archive' : 'unarchive';
  const answer = await http.post<{ data: RecordOf<A> }>(`${recordPath(area, id)}${action}/`);
  return answer.data;
}

export function useSetArchived<A extends EditableArea>(area: A, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setArchived(area, id, archived),
    onSuccess: async (record, archived) => {
      client.setQueryData(directoryKeys.detail(area, id), record);
      toast.success(archived ? 'Archived. It no longer appears in pickers.' : 'Restored from the archive.');
      await Promise.all([
        client.invalidateQueries({ queryKey: directoryKeys.area(area) }),
        client.invalidateQueries({ queryKey: auditKey(AUDIT_ENTITY[area], id) }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import {
  AUDIT_ENTITY,
  type DirectoryTypes,
  directoryKeys,
  type EditableArea,
  type RecordOf,
  recordPath,
} from './directory-areas.ts';
import { auditKey } from './get-audit.ts';

/** PATCH /{area}/{id}/ with the loaded `version`; the form shows 400 field messages and a 409 (stale). */
export async function updateRecord<A extends EditableArea>(
  area: A,
  id: number,
  body: DirectoryTypes[A]['update'],
) {
  const answer = await http.patch<{ data: RecordOf<A> }>(recordPath(area, id), body, {
    fieldErrors: 'inline',
  });
  return answer.data;
}

export function useUpdateRecord<A extends EditableArea>(area: A, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectoryTypes[A]['update']) => updateRecord(area, id, body),
    onSuccess: async (record) => {
      client.setQueryData(directoryKeys.detail(area, id), record);
      await Promise.all([
        client.invalidateQueries({ queryKey: directoryKeys.area(area) }),
        client.invalidateQueries({ queryKey: auditKey(AUDIT_ENTITY[area], id) }),
      ]);
    },
  });
}

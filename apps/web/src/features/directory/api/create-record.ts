import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import {
  areaPath,
  type DirectoryTypes,
  directoryKeys,
  type EditableArea,
  type RecordOf,
} from './directory-areas.ts';

/** POST /{area}/. A 400's field messages show on the form's fields (spec 8 toasts the rest). */
export async function createRecord<A extends EditableArea>(area: A, body: DirectoryTypes[A]['create']) {
  const answer = await http.post<{ data: RecordOf<A> }>(areaPath(area), body, { fieldErrors: 'inline' });
  return answer.data;
}

export function useCreateRecord<A extends EditableArea>(area: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectoryTypes[A]['create']) => createRecord(area, body),
    onSuccess: () => client.invalidateQueries({ queryKey: directoryKeys.area(area) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { regionsKeys } from '../../../lib/regions/list-regions.ts';

/** DELETE region/{id}. A region that is some user's office is refused (400, IN_USE). */
export async function deleteRegion(id: number): Promise<void> {
  await http.delete(`region/${id}`);
}

export function useDeleteRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRegion,
    onSettled: () => client.invalidateQueries({ queryKey: regionsKeys.all }),
  });
}

import type { Region, RegionBody } from '@app/shared/rates/regions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { regionsKeys } from '../../../lib/regions/list-regions.ts';

/** PUT region/{id} with title and ccy. */
export async function updateRegion(id: number, body: RegionBody): Promise<Region> {
  return (await http.put<{ data: Region }>(`region/${id}`, body, { fieldErrors: 'inline' })).data;
}

export function useUpdateRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RegionBody }) => updateRegion(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: regionsKeys.all }),
  });
}

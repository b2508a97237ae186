import type { Region, RegionBody } from '@app/shared/rates/regions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { regionsKeys } from '../../../lib/regions/list-regions.ts';

/** POST region/ with title and ccy. Errors reach the caller unchanged (spec 7). */
export async function createRegion(body: RegionBody): Promise<Region> {
  return (await http.post<{ data: Region }>('region/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRegion,
    onSettled: () => client.invalidateQueries({ queryKey: regionsKeys.all }),
  });
}

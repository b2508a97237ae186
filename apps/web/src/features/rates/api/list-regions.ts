import type { ListResult } from '@app/shared/api/envelope';
import type { Region } from '@app/shared/rates/regions.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { regionsKeys } from './rates-keys.ts';

export interface RegionListParams {
  search?: string;
  limit?: number;
  offset?: number;
}

/** GET region/ (spec 7): the offices with their currency. */
export async function listRegions(params: RegionListParams = {}): Promise<ListResult<Region>> {
  return http.get<ListResult<Region>>('region/', { query: { ...params } });
}

export function useRegionList(params: RegionListParams = {}) {
  return useQuery({ queryKey: regionsKeys.list(params), queryFn: () => listRegions(params) });
}

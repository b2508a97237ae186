import type { ListResult } from '@app/shared/api/envelope';
import type { Region } from '@app/shared/rates/regions.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';

/**
 * Regions (offices) are read by several areas: the users (their office), the rates (where they
 * are edited). A change invalidates `regionsKeys.all`, which refreshes every list of them.
 */
export const regionsKeys = {
  all: ['regions'] as const,
  list: (params: RegionListParams) => ['regions', 'list', params] as const,
};

export interface RegionListParams {
  search?: string;
  limit?: number;
  offset?: number;
}

/** GET region/ (spec 7): the offices with their currency. */
export async function listRegions(params: RegionListParams = {}): Promise<ListResult<Region>> {
  return http.get<ListResult<Region>>('region/', { query: { ...params } });
}

/** The previous page stays on screen while the next one loads. */
export function useRegionList(params: RegionListParams = {}) {
  return useQuery({
    queryKey: regionsKeys.list(params),
    queryFn: () => listRegions(params),
    placeholderData: keepPreviousData,
  });
}

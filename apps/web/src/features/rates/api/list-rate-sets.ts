import type { ListResult } from '@app/shared/api/envelope';
import { RATES_MESSAGES } from '@app/shared/rates/rates.messages';
import type { RateSet } from '@app/shared/rates/rates.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type RateSetListParams, ratesKeys } from './rates-keys.ts';

export interface RatesFetchError {
  error: string;
}

export const isRatesFetchError = (value: unknown): value is RatesFetchError =>
  typeof value === 'object' && value !== null && 'error' in value;

/**
 * GET rates/ with the query parameters passed through. On any failure it yields
 * `{ error: 'Error fetching data' }` instead of throwing (spec 7 and 8).
 */
export async function listRateSets(
  params: RateSetListParams = {},
): Promise<ListResult<RateSet> | RatesFetchError> {
  try {
    return await http.get<ListResult<RateSet>>('rates/', { query: { ...params } });
  } catch {
    return { error: RATES_MESSAGES.fetchError };
  }
}

export function useRateSets(params: RateSetListParams) {
  return useQuery({
    queryKey: ratesKeys.sets(params),
    queryFn: () => listRateSets(params),
    placeholderData: keepPreviousData,
  });
}

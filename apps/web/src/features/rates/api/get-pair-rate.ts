import type { RateSide } from '@app/shared/rates/rate-lookup';
import type { ResolvedRate } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

export interface PairRateParams {
  date?: string;
  side?: RateSide;
}

/**
 * GET exchange-rates/{a}/{b}/: the rate from currency a to currency b in the set in force (the
 * newest, or on `date`), with the set it came from, so a document can stamp both.
 */
export async function getPairRate(a: string, b: string, params: PairRateParams = {}): Promise<ResolvedRate> {
  const path = `exchange-rates/${encodeURIComponent(a)}/${encodeURIComponent(b)}/`;
  return (await http.get<{ data: ResolvedRate }>(path, { query: { ...params } })).data;
}

export function usePairRate(a: string | null, b: string | null, params: PairRateParams = {}) {
  return useQuery({
    queryKey: ratesKeys.pair(a ?? '', b ?? '', params),
    queryFn: () => getPairRate(a!, b!, params),
    enabled: a !== null && b !== null,
  });
}

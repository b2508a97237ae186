import type { RateRecord } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

export interface LastRateParams {
  original_currency: string;
  target_currency: string;
  date?: string;
}

/** GET exchange-rates/get-last-rate/: the newest record of exactly that pair on or before the day. */
export async function getLastRate(params: LastRateParams): Promise<RateRecord | null> {
  return (
    await http.get<{ data: RateRecord | null }>('exchange-rates/get-last-rate/', { query: { ...params } })
  ).data;
}

export function useLastRate(params: LastRateParams | null) {
  return useQuery({
    queryKey: ratesKeys.lastRate(params ?? {}),
    queryFn: () => getLastRate(params!),
    enabled: params !== null,
  });
}

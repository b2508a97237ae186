import type { CurrentRates } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** GET exchange-rates/get-latest-rate/: the newest set (rates, created_at, pairs), or null. */
export async function getCurrentRates(): Promise<CurrentRates | null> {
  return (await http.get<{ data: CurrentRates | null }>('exchange-rates/get-latest-rate/')).data;
}

/** The header's current rates: shared by the popover and the converter (one request). */
export function useCurrentRates() {
  return useQuery({ queryKey: ratesKeys.current, queryFn: getCurrentRates, staleTime: 5 * 60_000 });
}

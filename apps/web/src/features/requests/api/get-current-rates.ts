import type { CurrentRates } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/**
 * The header's key for the newest rate set (features/rates reads the same call under it), so the
 * form's margins and the header's table come from one request and one set.
 */
export const currentRatesKey = ['rates', 'current'] as const;

/** GET exchange-rates/get-latest-rate/: the newest set, or null when none was ever saved. */
export async function getCurrentRates(): Promise<CurrentRates | null> {
  return (await http.get<{ data: CurrentRates | null }>('exchange-rates/get-latest-rate/')).data;
}

export function useCurrentRates() {
  return useQuery({ queryKey: currentRatesKey, queryFn: getCurrentRates, staleTime: 5 * 60_000 });
}

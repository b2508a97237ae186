import type { RateSet } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** GET rates/on-date/?date=YYYY-MM-DD: the set in force at the end of that day, or null. */
export async function getRatesOnDate(date: string): Promise<RateSet | null> {
  return (await http.get<{ data: RateSet | null }>('rates/on-date/', { query: { date } })).data;
}

export function useRatesOnDate(date: string | null) {
  return useQuery({
    queryKey: ratesKeys.onDate(date ?? ''),
    queryFn: () => getRatesOnDate(date!),
    enabled: date !== null,
  });
}

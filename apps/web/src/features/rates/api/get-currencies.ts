import type { CurrencyRecord } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** GET currencies/: the response data is an array (spec 7). */
export async function getCurrencies(): Promise<CurrencyRecord[]> {
  return (await http.get<{ data: CurrencyRecord[] }>('currencies/')).data;
}

export function useCurrencies() {
  return useQuery({ queryKey: ratesKeys.currencies, queryFn: getCurrencies, staleTime: 60 * 60_000 });
}

import type { CreateExchangeRateBody, RateRecord } from '@app/shared/rates/rates.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** POST exchange-rates/: a new rate for one pair, in force from now (a new set keeping the others). */
export async function createExchangeRate(body: CreateExchangeRateBody): Promise<RateRecord> {
  return (await http.post<{ data: RateRecord }>('exchange-rates/', body)).data;
}

export function useCreateExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createExchangeRate,
    onSuccess: () => client.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

import type { RateRecord, UpdateExchangeRateBody } from '@app/shared/rates/rates.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** PATCH exchange-rates/{id}/ with the full record including id; the pair's inverse follows. */
export async function updateExchangeRate(body: UpdateExchangeRateBody): Promise<RateRecord> {
  return (await http.patch<{ data: RateRecord }>(`exchange-rates/${body.id}/`, body)).data;
}

export function useUpdateExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateExchangeRate,
    onSuccess: () => client.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

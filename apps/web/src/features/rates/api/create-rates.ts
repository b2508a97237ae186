import type { CreateRateSetBody, RateSet } from '@app/shared/rates/rates.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** createRates (spec 7): the dialog's array of entries, POST rates/. The answer is the stored set. */
export async function createRates(entries: CreateRateSetBody): Promise<RateSet> {
  return (await http.post<{ data: RateSet }>('rates/', entries)).data;
}

export function useCreateRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRates,
    onSuccess: () => client.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

/** DELETE exchange-rates/{id}/: removes the pair and its inverse from their set. */
export async function deleteExchangeRate(id: number): Promise<void> {
  await http.delete(`exchange-rates/${id}/`);
}

export function useDeleteExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExchangeRate,
    onSuccess: () => client.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

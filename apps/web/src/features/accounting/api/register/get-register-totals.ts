import type { CurrencyTotals } from '@app/shared/accounting/accounting.common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type RegisterTotalsParams, registerKeys } from './register-keys.ts';

/**
 * GET invoices-and-bills/totals/: total and open amount per currency of everything the filters
 * match. A separate, slower call than the page, fetched beside it; it does not drive the loading
 * bar, so the list shows as soon as its page is in.
 */
export async function getRegisterTotals(
  params: RegisterTotalsParams,
  signal?: AbortSignal,
): Promise<CurrencyTotals[]> {
  return (
    await http.get<{ data: CurrencyTotals[] }>('invoices-and-bills/totals/', {
      query: { ...params },
      signal,
      ignoreLoading: true,
    })
  ).data;
}

export function useRegisterTotals(params: RegisterTotalsParams) {
  return useQuery({
    queryKey: registerKeys.totals(params),
    queryFn: ({ signal }) => getRegisterTotals(params, signal),
    placeholderData: keepPreviousData,
  });
}

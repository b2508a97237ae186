import type { VatRate } from '@app/shared/reports/vat-rates.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { vatRatesKeys } from './vat-rates-keys.ts';

/** GET reports/vat-rates/: the TOMS VAT rate of each account type. */
export async function getVatRates(signal?: AbortSignal): Promise<VatRate[]> {
  return (await http.get<{ data: VatRate[] }>('reports/vat-rates/', { signal })).data;
}

export function useVatRates(enabled = true) {
  return useQuery({ queryKey: vatRatesKeys.all, queryFn: ({ signal }) => getVatRates(signal), enabled });
}

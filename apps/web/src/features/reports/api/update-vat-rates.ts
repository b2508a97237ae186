import type { VatRate, VatRatesBody } from '@app/shared/reports/vat-rates.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { finReportKeys } from './fin-report-keys.ts';
import { vatRatesKeys } from './vat-rates-keys.ts';

/** PUT reports/vat-rates/ (Admin): the three rates at once. */
export async function updateVatRates(body: VatRatesBody): Promise<VatRate[]> {
  return (await http.put<{ data: VatRate[] }>('reports/vat-rates/', body, { fieldErrors: 'inline' })).data;
}

export function useUpdateVatRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVatRates,
    onSuccess: (rates) => {
      client.setQueryData(vatRatesKeys.all, rates);
      // the VAT due of every report shown depends on them
      void client.invalidateQueries({ queryKey: finReportKeys.all });
    },
  });
}

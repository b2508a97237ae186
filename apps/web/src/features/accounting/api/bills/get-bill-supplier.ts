import type { Supplier } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/**
 * GET suppliers/{id}/ for a supplier the new-bill dialog took from a request's lines: its invoices'
 * currency and payment terms (the due date's default), which the request does not carry.
 */
export function useBillSupplier(id: number | null) {
  return useQuery({
    queryKey: billsKeys.supplier(id ?? 0),
    queryFn: async ({ signal }) => {
      const s = (await http.get<{ data: Supplier }>(`suppliers/${id}/`, { signal })).data;
      return { currency: s.currency, payment_terms_days: s.payment_terms_days };
    },
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

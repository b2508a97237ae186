import type { BillableLine, BillableLinesQuery } from '@app/shared/accounting/bills.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/**
 * GET supplier-invoices/billable-lines/?supplier=…: the supplier's Confirmed (or later) lines that
 * no bill has taken yet (with `bill`, that bill's own lines count as free: editing it).
 */
export async function listBillableLines(
  query: BillableLinesQuery,
  signal?: AbortSignal,
): Promise<BillableLine[]> {
  return (
    await http.get<{ data: BillableLine[] }>('supplier-invoices/billable-lines/', {
      query: { ...query },
      signal,
    })
  ).data;
}

export function useBillableLines(query: BillableLinesQuery | null) {
  return useQuery({
    queryKey: billsKeys.billableLines(query ?? { supplier: 0 }),
    queryFn: ({ signal }) => listBillableLines(query as BillableLinesQuery, signal),
    enabled: query !== null,
  });
}

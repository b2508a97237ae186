import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/** GET supplier-invoices/{id}/: the bill with its lines, difference and file. */
export async function getBill(id: number, signal?: AbortSignal): Promise<BillRecord> {
  return (await http.get<{ data: BillRecord }>(`supplier-invoices/${id}/`, { signal, quiet: [404] })).data;
}

export function useBill(id: number | null) {
  return useQuery({
    queryKey: billsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getBill(id as number, signal),
    enabled: id !== null,
  });
}

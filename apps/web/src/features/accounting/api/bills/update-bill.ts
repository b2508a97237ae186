import type { BillRecord, UpdateBillBody } from '@app/shared/accounting/bills.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useBillMutation } from './bill-mutation.ts';

/** PATCH supplier-invoices/{id}/ (JSON) while nothing settled it; a stale version is a 409. */
export async function updateBill({ id, body }: { id: number; body: UpdateBillBody }): Promise<BillRecord> {
  return (
    await http.patch<{ data: BillRecord }>(`supplier-invoices/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [400, 409],
    })
  ).data;
}

export function useUpdateBill() {
  return useBillMutation(updateBill, ({ id }) => id);
}

import type { Voucher } from '@app/shared/accounting/vouchers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { vouchersKeys } from './vouchers-keys.ts';

/** Approve makes a voucher Active (to be paid); revoke makes it Inactive again. */
export type VoucherDecision = 'Active' | 'Inactive';

/** PATCH payment-vouchers/{id}/ `{status, version}`: one row's Approve or Revoke; a refusal is toasted. */
export async function setVoucherStatus({
  voucher,
  status,
}: {
  voucher: Pick<Voucher, 'id' | 'version'>;
  status: VoucherDecision;
}): Promise<Voucher[]> {
  const answer = await http.patch<{ data: Voucher }>(`payment-vouchers/${voucher.id}/`, {
    status,
    version: voucher.version,
  });
  return [answer.data];
}

/**
 * POST payment-vouchers/approve/ `{ids, status}`: several at once, all or none. `quiet`: the
 * confirmation dialog shows a refusal itself.
 */
export async function setVoucherStatuses({
  ids,
  status,
}: {
  ids: readonly number[];
  status: VoucherDecision;
}): Promise<Voucher[]> {
  return (await http.post<{ data: Voucher[] }>('payment-vouchers/approve/', { ids, status }, { quiet: true }))
    .data;
}

function useVoucherMutation<V>(mutationFn: (variables: V) => Promise<Voucher[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    // settled, not success: a refused bulk may mean the list on screen is out of date
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: vouchersKeys.all }),
        // the request page shows which deadlines are approved
        client.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}

export const useSetVoucherStatus = () => useVoucherMutation(setVoucherStatus);
export const useSetVoucherStatuses = () => useVoucherMutation(setVoucherStatuses);

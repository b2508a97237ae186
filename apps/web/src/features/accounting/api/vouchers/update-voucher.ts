import type { Voucher } from '@app/shared/accounting/vouchers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { registerKeys } from '../register/register-keys.ts';
import { vouchersKeys } from './vouchers-keys.ts';

/** Approve makes a voucher Active (to be paid); revoke makes it Inactive again. */
export type VoucherDecision = 'Active' | 'Inactive';

/**
 * PATCH payment-vouchers/{id}/ `{status, version}`. `quiet`: the caller reports refusals itself
 * (one toast for a row, one summary for a bulk action).
 */
export async function setVoucherStatus(voucher: Pick<Voucher, 'id' | 'version'>, status: VoucherDecision) {
  return (
    await http.patch<{ data: Voucher }>(
      `payment-vouchers/${voucher.id}/`,
      { status, version: voucher.version },
      { quiet: true },
    )
  ).data;
}

export interface BulkOutcome {
  done: Voucher[];
  /** The vouchers the server refused, with its reason. */
  refused: { voucher: Voucher; error: unknown }[];
}

/**
 * Approves or revokes several vouchers, one PATCH each in turn (the API has no bulk call): each
 * keeps its own version check, and one refusal does not stop the others.
 */
export async function setVoucherStatuses(vouchers: readonly Voucher[], status: VoucherDecision) {
  const outcome: BulkOutcome = { done: [], refused: [] };
  for (const voucher of vouchers) {
    try {
      outcome.done.push(await setVoucherStatus(voucher, status));
    } catch (error) {
      outcome.refused.push({ voucher, error });
    }
  }
  return outcome;
}

/** Approve or revoke one or many; every voucher list (and the request pages) is refreshed after. */
export function useSetVoucherStatuses() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vouchers, status }: { vouchers: readonly Voucher[]; status: VoucherDecision }) =>
      setVoucherStatuses(vouchers, status),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: vouchersKeys.all }),
        client.invalidateQueries({ queryKey: registerKeys.all }),
        client.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}

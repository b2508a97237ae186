import type { Voucher, VoucherGroup } from '@app/shared/accounting/vouchers.schemas';
import type { DirectoryListMeta } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type VoucherListParams, vouchersKeys } from './vouchers-keys.ts';

export interface VoucherListResult {
  data: Voucher[];
  /** `groups`: totals per supplier and currency of everything the filters match (`group=supplier`). */
  meta: DirectoryListMeta & { groups?: VoucherGroup[] };
}

/** GET payment-vouchers/: one page of vouchers, with the totals by supplier and currency. */
export function listVouchers(params: VoucherListParams, signal?: AbortSignal): Promise<VoucherListResult> {
  return http.get<VoucherListResult>('payment-vouchers/', { query: { ...params }, signal });
}

export function useVouchers(params: VoucherListParams) {
  return useQuery({
    queryKey: vouchersKeys.list(params),
    queryFn: ({ signal }) => listVouchers(params, signal),
    placeholderData: keepPreviousData,
  });
}

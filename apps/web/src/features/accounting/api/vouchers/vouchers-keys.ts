import type { VoucherListQuery } from '@app/shared/accounting/vouchers.schemas';

/** What the Payment vouchers tab asks `GET payment-vouchers/` for. */
export type VoucherListParams = Partial<VoucherListQuery>;

/** Query keys of payment vouchers; everything lives under `['payment-vouchers']`. */
export const vouchersKeys = {
  all: ['payment-vouchers'] as const,
  list: (params: VoucherListParams) => ['payment-vouchers', 'list', params] as const,
};

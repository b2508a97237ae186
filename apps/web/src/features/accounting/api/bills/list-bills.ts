import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type BillListParams, billsKeys } from './bills-keys.ts';

/** GET supplier-invoices/: one page of bills and its total. */
export function listBills(
  params: BillListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<BillListItem>> {
  return http.get<DirectoryListResult<BillListItem>>('supplier-invoices/', { query: { ...params }, signal });
}

/** The previous page stays on screen, dimmed, while the next one loads. */
export function useBills(params: BillListParams) {
  return useQuery({
    queryKey: billsKeys.list(params),
    queryFn: ({ signal }) => listBills(params, signal),
    placeholderData: keepPreviousData,
  });
}

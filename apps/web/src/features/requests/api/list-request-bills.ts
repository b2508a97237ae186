import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { REQUEST_DOCUMENTS_SHOWN } from './list-request-invoices.ts';
import { requestsKeys } from './requests-keys.ts';

/** GET supplier-invoices/?request=: the supplier bills recorded against the request's lines. */
export function listRequestBills(
  requestId: number,
  signal?: AbortSignal,
): Promise<DirectoryListResult<BillListItem>> {
  return http.get<DirectoryListResult<BillListItem>>('supplier-invoices/', {
    query: { request: requestId, limit: REQUEST_DOCUMENTS_SHOWN, ordering: '-issue_date' },
    signal,
    quiet: true,
  });
}

export function useRequestBills(requestId: number) {
  return useQuery({
    queryKey: requestsKeys.bills(requestId),
    queryFn: ({ signal }) => listRequestBills(requestId, signal),
    retry: false,
  });
}

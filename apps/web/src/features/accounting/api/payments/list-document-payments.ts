import type { Allocation, AllocationTarget } from '@app/shared/banking/allocations.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { paymentsKeys } from './payments-keys.ts';

/** A document is settled by a handful of bank lines; one page holds them all. */
const LIMIT = 100;

/** GET allocations/?invoice= (or bill=, voucher=): the bank lines that settle the document. */
export async function listDocumentPayments(
  target: AllocationTarget,
  id: number,
  signal?: AbortSignal,
): Promise<Allocation[]> {
  const page = await http.get<DirectoryListResult<Allocation>>('allocations/', {
    query: { [target]: id, limit: LIMIT },
    signal,
  });
  return page.data;
}

export function useDocumentPayments(target: AllocationTarget, id: number) {
  return useQuery({
    queryKey: paymentsKeys.forDocument(target, id),
    queryFn: ({ signal }) => listDocumentPayments(target, id, signal),
  });
}

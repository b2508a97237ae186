import type { AllocationBody, AllocationPreview } from '@app/shared/banking/allocations.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { allocationsKeys } from './allocations-keys.ts';

/**
 * POST allocations/preview/: what the allocation would store, writing nothing. `quiet`: a refusal
 * (over allocation, rate required) is shown in the panel while the person types, not toasted.
 */
export async function previewAllocation(
  body: AllocationBody,
  signal?: AbortSignal,
): Promise<AllocationPreview> {
  return (await http.post<{ data: AllocationPreview }>('allocations/preview/', body, { signal, quiet: true }))
    .data;
}

/** Asked for the (already debounced) body; `null` while the panel's amounts are not readable. */
export function useAllocationPreview(body: AllocationBody | null) {
  return useQuery({
    queryKey: body ? allocationsKeys.preview(body) : ['allocations', 'preview', null],
    queryFn: ({ signal }) => previewAllocation(body as AllocationBody, signal),
    enabled: body !== null,
    retry: false,
    // the last figures stay, dimmed, while the next amounts are asked
    placeholderData: keepPreviousData,
    // a preview is true only for the moment it was asked
    staleTime: 0,
    gcTime: 0,
  });
}

import type { Allocation, AllocationBody } from '@app/shared/banking/allocations.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { refreshAfterAllocation } from './refresh-after-allocation.ts';

/** POST allocations/: a refused rule (over allocation, another client's invoice…) is toasted under its code. */
export async function createAllocation(body: AllocationBody): Promise<Allocation> {
  return (await http.post<{ data: Allocation }>('allocations/', body)).data;
}

export function useCreateAllocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAllocation,
    // settled: a refusal may mean the screen is out of date (someone else allocated meanwhile)
    onSettled: () => refreshAfterAllocation(client),
  });
}

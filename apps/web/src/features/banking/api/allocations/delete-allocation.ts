import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { refreshAfterAllocation } from './refresh-after-allocation.ts';

/** DELETE allocations/{id}/: unmatch. `quiet`: the confirmation dialog shows a refusal (a closed month). */
export async function deleteAllocation(id: number): Promise<void> {
  await http.delete(`allocations/${id}/`, { quiet: true });
}

export function useDeleteAllocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAllocation,
    onSettled: () => refreshAfterAllocation(client),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { periodLocksKeys } from './period-locks-keys.ts';

/** A change to closed months; every list of them is refreshed once it succeeded. */
export function usePeriodLockMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: periodLocksKeys.lists }),
  });
}

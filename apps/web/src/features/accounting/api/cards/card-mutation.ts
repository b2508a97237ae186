import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsKeys } from './cards-keys.ts';

/** A mutation on bank cards; every cards list is refreshed once it succeeded. */
export function useCardMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }) });
}

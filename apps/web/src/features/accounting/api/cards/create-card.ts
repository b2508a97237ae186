import type { Card, CreateCardBody } from '@app/shared/accounting/cards.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../../../lib/http/http-client.ts';
import { cardsKeys } from './cards-keys.ts';

/** POST bank-cards/: the full number goes to the server once, in this body. */
export async function createCard(body: CreateCardBody): Promise<Card> {
  return (await http.post<{ data: Card }>('bank-cards/', body, { fieldErrors: 'inline' })).data;
}

/**
 * Adds a card and refreshes the lists. Deliberately not a `useMutation`: a mutation keeps its
 * variables (the full card number) in the query client's mutation cache after it settles, and the
 * number must live nowhere but in the dialog's form while it is open.
 */
export function useCreateCard() {
  const client = useQueryClient();
  return useCallback(
    async (body: CreateCardBody) => {
      const card = await createCard(body);
      await client.invalidateQueries({ queryKey: cardsKeys.all });
      return card;
    },
    [client],
  );
}

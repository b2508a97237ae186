import type { Card } from '@app/shared/accounting/cards.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type CardListParams, cardsKeys } from './cards-keys.ts';

/** GET bank-cards/: the company cards (only their last four digits are ever stored). */
export function listCards(params: CardListParams, signal?: AbortSignal): Promise<DirectoryListResult<Card>> {
  return http.get<DirectoryListResult<Card>>('bank-cards/', { query: { ...params }, signal });
}

export function useCards(params: CardListParams) {
  return useQuery({
    queryKey: cardsKeys.list(params),
    queryFn: ({ signal }) => listCards(params, signal),
    placeholderData: keepPreviousData,
  });
}

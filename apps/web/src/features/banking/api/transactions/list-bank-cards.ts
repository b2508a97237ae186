import type { Card } from '@app/shared/accounting/cards.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { transactionsKeys } from './transactions-keys.ts';

/** GET bank-cards/?bank=: the live cards of one account, those a SPEND on it may name. */
export async function listBankCards(bank: number, signal?: AbortSignal): Promise<Card[]> {
  const page = await http.get<DirectoryListResult<Card>>('bank-cards/', {
    query: { bank, limit: 100, ordering: 'holder' },
    signal,
  });
  return page.data;
}

export function useBankCards(bank: number | null) {
  return useQuery({
    queryKey: transactionsKeys.cards(bank ?? 0),
    queryFn: ({ signal }) => listBankCards(bank ?? 0, signal),
    enabled: bank !== null,
  });
}

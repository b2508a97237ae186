import type { Transaction } from '@app/shared/banking/transactions.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import type { CurrencyCode } from '@app/shared/rates/currencies';
import { http } from '../../../../lib/http/http-client.ts';

/**
 * GET transactions/?counterparty_kind=client&counterparty=&credit=true: the client's credit
 * transactions in one currency that still have something open, oldest first (the order credit is
 * used in).
 */
export async function listCreditTransactions(
  clientId: number,
  currency: CurrencyCode,
): Promise<Transaction[]> {
  const answer = await http.get<DirectoryListResult<Transaction>>('transactions/', {
    query: {
      counterparty_kind: 'client',
      counterparty: clientId,
      credit: true,
      currency,
      match_status: 'unmatched',
      ordering: 'date',
      limit: 100,
    },
  });
  return answer.data;
}

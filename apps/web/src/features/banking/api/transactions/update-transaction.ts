import type { Transaction, UpdateTransactionBody } from '@app/shared/banking/transactions.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useTransactionMutation } from './transaction-mutation.ts';

/**
 * PATCH transactions/{id}/: while matched only the reference, counterparty and card may change
 * (`transaction_allocated`); a stale version is a 409. Both are the dialog's to show.
 */
export async function updateTransaction({
  id,
  body,
}: {
  id: number;
  body: UpdateTransactionBody;
}): Promise<Transaction> {
  return (
    await http.patch<{ data: Transaction }>(`transactions/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [400, 409],
    })
  ).data;
}

export const useUpdateTransaction = () => useTransactionMutation(updateTransaction);

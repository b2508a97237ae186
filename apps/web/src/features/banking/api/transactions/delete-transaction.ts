import { http } from '../../../../lib/http/http-client.ts';
import { useTransactionMutation } from './transaction-mutation.ts';

/**
 * DELETE transactions/{id}/ (204); a transfer leg takes its pair with it. Refused while matched
 * (`transaction_allocated`): the refusal is toasted with its code by the HTTP layer and the
 * confirmation dialog shows it too.
 */
export async function deleteTransaction(id: number): Promise<void> {
  await http.delete(`transactions/${id}/`);
}

export const useDeleteTransaction = () => useTransactionMutation(deleteTransaction);

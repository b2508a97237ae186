import type { Transaction, TransactionBody } from '@app/shared/banking/transactions.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useTransactionMutation } from './transaction-mutation.ts';

/**
 * POST transactions/: a bank line entered by hand. A 400 is the dialog's to show (field messages
 * under their fields, a refused rule in the dialog), so it is not toasted here.
 */
export async function createTransaction(body: TransactionBody): Promise<Transaction> {
  return (
    await http.post<{ data: Transaction }>('transactions/', body, { fieldErrors: 'inline', quiet: [400] })
  ).data;
}

export const useCreateTransaction = () => useTransactionMutation(createTransaction);

import type { Transfer, TransferBody } from '@app/shared/banking/transactions.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useTransactionMutation } from './transaction-mutation.ts';

/** POST transfers/: both legs in one step (a conversion between currencies). A 400 is the dialog's. */
export async function createTransfer(body: TransferBody): Promise<Transfer> {
  return (await http.post<{ data: Transfer }>('transfers/', body, { fieldErrors: 'inline', quiet: [400] }))
    .data;
}

export const useCreateTransfer = () => useTransactionMutation(createTransfer);

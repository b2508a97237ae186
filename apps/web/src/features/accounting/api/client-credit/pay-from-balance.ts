import type { Allocation } from '@app/shared/banking/allocations.schemas';
import type { CurrencyCode } from '@app/shared/rates/currencies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { refreshClientInvoices } from '../client-invoices/client-invoice-mutation.ts';
import { clientCreditKeys } from './client-credit-keys.ts';
import { planCreditUses } from './credit-plan.ts';
import { listCreditTransactions } from './list-credit-transactions.ts';

export interface PayFromBalanceVariables {
  invoice: number;
  client: number;
  currency: CurrencyCode;
  /** In the invoice's currency, which is the credit's. */
  amount: string;
}

/** The balance moved between opening the dialog and paying: nothing was posted. */
export class CreditShortError extends Error {
  override readonly name = 'CreditShortError';
}

/**
 * Pays an invoice from the client's credit: one POST allocations/ per credit transaction it takes,
 * oldest credit first. The server checks each (over_allocation, a closed month) and refuses the
 * rest of a run it stops; what was posted before stays, the page shows it.
 */
export async function payFromBalance(v: PayFromBalanceVariables): Promise<Allocation[]> {
  const credits = await listCreditTransactions(v.client, v.currency);
  const uses = planCreditUses(credits, v.amount);
  if (!uses)
    throw new CreditShortError('The client’s balance no longer covers this amount. Reload and try again.');
  const posted: Allocation[] = [];
  for (const use of uses) {
    const answer = await http.post<{ data: Allocation }>(
      'allocations/',
      { transaction: use.transaction, invoice: v.invoice, amount: use.amount },
      { quiet: [400, 409] },
    );
    posted.push(answer.data);
  }
  return posted;
}

/**
 * What an allocation moves besides the invoice and the balance: the bank lines, the allocations
 * and their suggestions, the workspace counts. Mirrors TOUCHED in
 * features/banking/api/allocations/refresh-after-allocation.ts (a feature may not import another).
 */
const ALLOCATION_TOUCHED: readonly (readonly unknown[])[] = [
  ['transactions'],
  ['allocations'],
  ['suggestions'],
  ['matching'],
  ['invoices-and-bills'],
  ['workspace'],
  ['supplier-invoices'],
];

export function usePayFromBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payFromBalance,
    // also after a refusal half-way: what was posted shows on the invoice and the balance
    onSettled: (_result, _error, v) =>
      Promise.all([
        refreshClientInvoices(client, [v.invoice]),
        client.invalidateQueries({ queryKey: clientCreditKeys.balance(v.client) }),
        client.invalidateQueries({ queryKey: clientCreditKeys.directoryBalance(v.client) }),
        ...ALLOCATION_TOUCHED.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
  });
}

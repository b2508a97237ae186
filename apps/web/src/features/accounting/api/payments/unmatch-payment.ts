import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from '../bills/bills-keys.ts';
import { clientInvoicesKeys } from '../client-invoices/client-invoices-keys.ts';
import { registerKeys } from '../register/register-keys.ts';
import { vouchersKeys } from '../vouchers/vouchers-keys.ts';
import { workspaceKeys } from '../workspace/workspace-keys.ts';

/**
 * Everything an unmatch moves: the documents (records, payments, lists, a client's balance read
 * on the invoice page), the register, the bank lines' open amounts (`transactions`, Matched data),
 * the allocations lists, what is suggested and searchable to match (banking's `suggestions`,
 * `matching` keys) and the workspace counts.
 */
const TOUCHED: readonly (readonly unknown[])[] = [
  clientInvoicesKeys.all,
  billsKeys.all,
  vouchersKeys.all,
  registerKeys.all,
  workspaceKeys.all,
  ['transactions'],
  ['allocations'],
  ['suggestions'],
  ['matching'],
  ['directory', 'clients', 'balance'],
];

export async function refreshAfterUnmatch(client: QueryClient): Promise<void> {
  await Promise.all(TOUCHED.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** DELETE allocations/{id}/ (204): a refusal (a closed month) is toasted by the http layer. */
export async function unmatchPayment(id: number): Promise<void> {
  await http.delete(`allocations/${id}/`);
}

export function useUnmatchPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unmatchPayment,
    // settled: a refusal may mean the page is out of date (someone unmatched it meanwhile)
    onSettled: () => refreshAfterUnmatch(client),
  });
}

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { registerKeys } from '../register/register-keys.ts';
import { vouchersKeys } from '../vouchers/vouchers-keys.ts';
import { billsKeys } from './bills-keys.ts';

/**
 * After a bill changed: every bills list, the register (Invoices & Bills and its totals), the
 * bill's own page, and the billable lines (those lines are billed now).
 */
export async function refreshBills(client: QueryClient, id?: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: billsKeys.lists }),
    client.invalidateQueries({ queryKey: ['supplier-invoices', 'billable-lines'] }),
    client.invalidateQueries({ queryKey: registerKeys.all }),
    client.invalidateQueries({ queryKey: vouchersKeys.all }),
    // the request page lists its bills
    client.invalidateQueries({ queryKey: ['requests'] }),
    id === undefined ? null : client.invalidateQueries({ queryKey: billsKeys.detail(id) }),
  ]);
}

/** A mutation on bills that refreshes what it touched (the bill `idOf` names) once it succeeded. */
export function useBillMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  idOf: (variables: V, result: R) => number | undefined,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => refreshBills(client, idOf(variables, result)),
  });
}

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientInvoicesKeys } from './client-invoices-keys.ts';

/**
 * After a change to client invoices: every list is stale, and so is each touched document's page
 * (its record, PDF and history live under its detail key). A credit note changes the original too.
 */
export async function refreshClientInvoices(client: QueryClient, ids: readonly number[]) {
  await Promise.all([
    client.invalidateQueries({ queryKey: clientInvoicesKeys.lists }),
    // the lines' statuses changed: what the new-invoice dialog knows of them is stale
    client.invalidateQueries({ queryKey: ['client-invoices', 'source-request'] }),
    client.invalidateQueries({ queryKey: ['client-invoices', 'invoiced-lines'] }),
    // the request page reads its lines (and its invoices) under `requests`
    client.invalidateQueries({ queryKey: ['requests'] }),
    ...ids.map((id) => client.invalidateQueries({ queryKey: clientInvoicesKeys.detail(id) })),
  ]);
}

/** A mutation on client invoices that refreshes what it touched once it succeeded. */
export function useClientInvoiceMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  touched: (result: R) => readonly number[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => refreshClientInvoices(client, touched(result)),
  });
}

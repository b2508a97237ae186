import type { QueryClient } from '@tanstack/react-query';
import { matchingKeys } from '../matching/matching-keys.ts';
import { suggestionsKeys } from '../suggestions/suggestions-keys.ts';
import { allocationsKeys } from './allocations-keys.ts';

/**
 * Everything an allocation moves: the bank line's open amount (its lists and record), what is
 * suggested and searchable, the documents' settled amounts and statuses in the accounting lists,
 * a client's balance and the workspace counts.
 */
const TOUCHED: readonly (readonly unknown[])[] = [
  matchingKeys.transactions,
  matchingKeys.documents,
  suggestionsKeys.all,
  allocationsKeys.all,
  ['client-invoices'],
  ['supplier-invoices'],
  ['payment-vouchers'],
  ['invoices-and-bills'],
  // the client page's deposit card (features/directory) and the workspace counts (features/accounting)
  ['directory', 'clients'],
  ['workspace'],
];

export async function refreshAfterAllocation(client: QueryClient): Promise<void> {
  await Promise.all(TOUCHED.map((queryKey) => client.invalidateQueries({ queryKey })));
}

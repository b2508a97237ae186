import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOpenBills } from './list-open-bills.ts';
import { listOpenInvoices } from './list-open-invoices.ts';
import { listOpenVouchers } from './list-open-vouchers.ts';
import { matchingKeys, type OpenDocumentsParams } from './matching-keys.ts';
import type { OpenDocument } from './open-document.ts';

/** Money in settles client invoices; money out settles bills and payment vouchers. */
export async function listOpenDocuments(
  params: OpenDocumentsParams,
  signal?: AbortSignal,
): Promise<OpenDocument[]> {
  if (params.direction === 'receive') return listOpenInvoices(params, signal);
  const [bills, vouchers] = await Promise.all([
    listOpenBills(params, signal),
    listOpenVouchers(params, signal),
  ]);
  return [...bills, ...vouchers];
}

/** Asked only once something is typed: the suggestions cover the usual case. */
export function useOpenDocuments(params: OpenDocumentsParams | null) {
  return useQuery({
    queryKey: matchingKeys.openDocuments(params ?? { direction: 'receive', search: '', company: 0 }),
    queryFn: ({ signal }) => listOpenDocuments(params as OpenDocumentsParams, signal),
    enabled: params !== null && params.search.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

import type { AllocationTarget } from '@app/shared/banking/allocations.schemas';

/** Where each kind of document's page keeps its record: its payments live under it. */
const DOCUMENT_ROOTS = {
  invoice: 'client-invoices',
  bill: 'supplier-invoices',
  voucher: 'payment-vouchers',
} as const satisfies Record<AllocationTarget, string>;

/**
 * Query keys of what settled a document. Under the document's detail key on purpose: whatever
 * refreshes the document (an allocation made on Matched data, a payment from the client's balance)
 * refreshes its payments too.
 */
export const paymentsKeys = {
  forDocument: (target: AllocationTarget, id: number) =>
    [DOCUMENT_ROOTS[target], 'detail', id, 'payments'] as const,
};

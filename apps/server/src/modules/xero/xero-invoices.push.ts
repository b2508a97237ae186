import type { XeroSyncStep } from './xero-sync.context.ts';

/** Pushes issued client invoices (ACCREC), supplier bills (ACCPAY) and matched payments. Helper H3 builds it. */
export const runInvoicesPush: XeroSyncStep = async () => {
  throw new Error('The invoices push is not built yet');
};

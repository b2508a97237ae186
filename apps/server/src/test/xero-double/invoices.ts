import type { DoubleRoute } from './double-http.ts';

/** The Accounting API's Invoices (ACCREC and ACCPAY) and Payments. */
export const invoiceRoutes: DoubleRoute[] = [];

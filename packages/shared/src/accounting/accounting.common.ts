import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';

export { CompanyRefSchema } from '../directory/banks.schemas.ts';

import { decimalField } from '../validation/fields.schemas.ts';

/** Money on a document: two places within NUMERIC(18,2), positive. */
export const DOCUMENT_MONEY_MAX = '999999999999.99';
export const documentMoneyField = (min = '0.01') => decimalField({ scale: 2, min, max: DOCUMENT_MONEY_MAX });

/** The kinds of row in Invoices & Bills. */
export const DOCUMENT_KINDS = ['invoice', 'credit_note', 'bill'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  bill: 'Bill',
};

/** A client invoice's series. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Derived from `settled_amount`, never written (decision 0010). Bills are never Partial. */
export const DOCUMENT_PAYMENT_STATES = ['Unpaid', 'Partial', 'Paid'] as const;
export type DocumentPaymentState = (typeof DOCUMENT_PAYMENT_STATES)[number];

/** Days from issue to due when the client has no payment terms. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;
/** A bill whose amount differs from its lines' cost by more than this share needs an explanation. */
export const BILL_DIFFERENCE_TOLERANCE = '0.01';
/** Upload bound of a bill's file. */
export const BILL_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const BILL_FILE_TYPES = ['pdf', 'png', 'jpg', 'webp'] as const;
export type BillFileType = (typeof BILL_FILE_TYPES)[number];

export const RefSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ref = z.infer<typeof RefSchema>;
export const RequestRefSchema = z.object({ id: z.number().int(), number: z.string() });
export type RequestRef = z.infer<typeof RequestRefSchema>;

/** `{currency, total, open}` per currency: the footer of the documents lists. */
export const CurrencyTotalsSchema = z.object({
  currency: z.string(),
  count: z.number().int(),
  total: DecimalString,
  open: DecimalString,
});
export type CurrencyTotals = z.infer<typeof CurrencyTotalsSchema>;

import type { CurrencyCode } from '@app/shared/rates/currencies';

/** What a bank line can be allocated to: an invoice (RECEIVE), a bill or a payment voucher (SPEND). */
export type OpenDocumentKind = 'invoice' | 'bill' | 'voucher';

/** A document with money still open, as the matching panel lists it (suggested or searched). */
export interface OpenDocument {
  kind: OpenDocumentKind;
  id: number;
  /** The invoice or bill number; a voucher's reads 'Deposit of 12/03/2026 · TPRO-2026-00042'. */
  number: string;
  counterparty: { id: number; name: string };
  currency: CurrencyCode;
  total: string;
  open_amount: string;
  due_date: string | null;
}

export const OPEN_DOCUMENT_LABELS: Record<OpenDocumentKind, string> = {
  invoice: 'invoice',
  bill: 'bill',
  voucher: 'voucher',
};

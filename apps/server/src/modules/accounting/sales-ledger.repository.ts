import type { Executor } from '../../db/client.ts';

/**
 * Keeps the sales ledger and its month sums (`sales-ledger.table.ts`, decision 0012) in step with
 * the documents, in the writer's transaction. STUB: the ledger helper writes it.
 */
export const salesLedgerRepository = {
  /** Re-derives the ledger rows of an invoice's or credit note's lines. */
  async syncInvoice(_ex: Executor, _invoiceId: number): Promise<void> {},

  /** Re-derives the ledger rows selling these request lines (a bill recorded, edited or removed). */
  async syncRequestLines(_ex: Executor, _lineIds: readonly number[]): Promise<void> {},
};

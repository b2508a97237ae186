import type { InvoiceKind } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoiceCounters } from './invoices.table.ts';

/** The series word of each kind: `TPRO-INV-2026-0007`, `TPRO-CN-2026-0002`. */
const SERIES: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** `invoice_prefix` when the company has one, else its code. */
export const invoicePrefix = (company: { code: string; invoice_prefix: string | null }): string =>
  company.invoice_prefix?.trim() || company.code;

/** The printed number: zero-padded to 4, simply longer past 9999. */
export const formatInvoiceNumber = (prefix: string, kind: InvoiceKind, year: number, seq: number): string =>
  `${prefix}-${SERIES[kind]}-${year}-${String(seq).padStart(4, '0')}`;

/**
 * The next number of a company's series and year (decision 0010, "Numbering"). The upsert takes the
 * counter row's lock until the transaction ends, so parallel issues queue here, and a rolled-back
 * issue gives its number back: no gaps. Called after every check and line lock, so the counter is
 * held only for the inserts that follow.
 */
export async function nextInvoiceNumber(
  tx: Executor,
  company: { id: number; code: string; invoice_prefix: string | null },
  kind: InvoiceKind,
  year: number,
): Promise<{ seq: number; number: string }> {
  const rows = await tx
    .insert(invoiceCounters)
    .values({ company_id: company.id, year, kind, last_number: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.company_id, invoiceCounters.year, invoiceCounters.kind],
      set: { last_number: sql`${invoiceCounters.last_number} + 1` },
    })
    .returning({ n: invoiceCounters.last_number });
  const seq = rows[0]!.n;
  return { seq, number: formatInvoiceNumber(invoicePrefix(company), kind, year, seq) };
}

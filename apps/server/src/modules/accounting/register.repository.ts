import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { searchVector, sortKey } from '../../platform/full-text-search.ts';
import { documentRegister } from './register.table.ts';

/** One row of Invoices & Bills as its source document gives it. */
interface RegisterSource {
  doc_kind: 'invoice' | 'credit_note' | 'bill';
  doc_id: number;
  company_id: number;
  counterparty_kind: 'client' | 'supplier';
  counterparty_id: number;
  counterparty_name: string;
  number: string;
  request_numbers: string | null;
  issue_date: string;
  due_date: string;
  currency: string;
  total: string;
  settled_amount: string;
  payment_status: string;
  sent: boolean | null;
}

async function write(ex: Executor, row: RegisterSource): Promise<void> {
  const numbers = row.request_numbers ?? '';
  const values = {
    doc_kind: row.doc_kind,
    doc_id: row.doc_id,
    company_id: row.company_id,
    counterparty_kind: row.counterparty_kind,
    counterparty_id: row.counterparty_id,
    counterparty_name: row.counterparty_name.slice(0, 220),
    counterparty_sort: sortKey(row.counterparty_name).slice(0, 220),
    number: row.number,
    request_numbers: numbers,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: row.currency,
    total: row.total,
    settled_amount: row.settled_amount,
    payment_status: row.payment_status,
    sent: row.sent,
    // The number whole as well as its parts, so `TPRO-INV-2026-0007` and `0007` both find it.
    search_vector: searchVector([row.number, row.counterparty_name, numbers], [row.number.toLowerCase()]),
  };
  const { doc_kind: _k, doc_id: _i, ...changes } = values;
  await ex
    .insert(documentRegister)
    .values(values)
    .onConflictDoUpdate({ target: [documentRegister.doc_kind, documentRegister.doc_id], set: changes });
}

/**
 * Keeps Invoices & Bills in step with its documents (decision 0010): every service that writes a
 * client invoice, credit note or bill, or changes its sending or settlement, calls `syncInvoice`
 * or `syncBill` in the same transaction. The row is recomputed from the document, never patched.
 */
export const registerRepository = {
  async syncInvoice(ex: Executor, invoiceId: number): Promise<void> {
    const [row] = await queryRows<RegisterSource>(
      ex,
      sql`select i.kind as doc_kind, i.id as doc_id, i.company_id, 'client' as counterparty_kind,
            i.client_id as counterparty_id, c.first_name || ' ' || c.last_name as counterparty_name,
            i.number,
            (select string_agg(distinct r.number, ', ' order by r.number)
               from client_invoice_lines l join requests r on r.id = l.request_id
              where l.invoice_id = i.id) as request_numbers,
            i.issue_date::text as issue_date, i.due_date::text as due_date, i.currency,
            i.total::text as total, i.settled_amount::text as settled_amount, i.payment_status,
            i.sent_at is not null as sent
          from client_invoices i join clients c on c.id = i.client_id
          where i.id = ${invoiceId}`,
    );
    if (row) await write(ex, row);
  },

  async syncBill(ex: Executor, billId: number): Promise<void> {
    const [row] = await queryRows<RegisterSource>(
      ex,
      sql`select 'bill' as doc_kind, b.id as doc_id, b.company_id, 'supplier' as counterparty_kind,
            b.supplier_id as counterparty_id, s.name as counterparty_name, b.number,
            (select string_agg(distinct r.number, ', ' order by r.number)
               from supplier_invoice_lines l join requests r on r.id = l.request_id
              where l.bill_id = b.id) as request_numbers,
            b.issue_date::text as issue_date, b.due_date::text as due_date, b.currency,
            b.amount::text as total, b.settled_amount::text as settled_amount, b.payment_status,
            null::boolean as sent
          from supplier_invoices b join suppliers s on s.id = b.supplier_id
          where b.id = ${billId}`,
    );
    if (row) await write(ex, row);
  },

  /** A bill that is deleted leaves the register with it. */
  async removeBill(ex: Executor, billId: number): Promise<void> {
    await ex.execute(sql`delete from document_register where doc_kind = 'bill' and doc_id = ${billId}`);
  },
};

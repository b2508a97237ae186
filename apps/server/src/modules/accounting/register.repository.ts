import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { searchVector, sortKey } from '../../platform/full-text-search.ts';
import { documentRegister, documentRegisterSums } from './register.table.ts';

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

/**
 * The document's number and its requests' numbers as whole words too (lower case), beside their
 * parts: `TPRO-INV-2026-0007` and `0007` both find it, and a typed number is looked up as one
 * word (`register-list.repository.ts`, wholeWordOf) instead of intersecting its common parts.
 */
export function wholeNumbers(number: string, requestNumbers: string): string[] {
  const requests = requestNumbers ? requestNumbers.split(', ') : [];
  return [number, ...requests].map((n) => n.toLowerCase());
}

/** The bucket of a register row (see `documentRegisterSums`): its dimensions and months. */
const BUCKET = sql.raw(`currency, doc_kind, company_id, payment_status,
  case when sent then 'Sent' when not sent then 'Not sent' else '' end as sending,
  issue_date - (extract(day from issue_date)::int - 1) as issue_month,
  due_date - (extract(day from due_date)::int - 1) as due_month`);
const BUCKET_KEYS = sql.raw(
  'currency, doc_kind, company_id, payment_status, sending, issue_month, due_month',
);

/**
 * Appends the change of a register write to its buckets: minus the row as it was (`prev`), plus the
 * row as it is (`curr`); nothing when its bucket and amounts did not change.
 */
const appendDeltas = sql`insert into document_register_deltas (${BUCKET_KEYS}, count, total, open)
  select ${BUCKET_KEYS}, sum(count), sum(total), sum(open) from (
    select ${BUCKET_KEYS}, -1 as count, -total as total, -open as open from prev
    union all select ${BUCKET_KEYS}, 1, total, open from curr
  ) change group by ${BUCKET_KEYS}
  having sum(count) <> 0 or sum(total) <> 0 or sum(open) <> 0`;

async function write(ex: Executor, row: RegisterSource): Promise<void> {
  const numbers = row.request_numbers ?? '';
  const name = row.counterparty_name.slice(0, 220);
  const vector = searchVector(
    [row.number, row.counterparty_name, numbers],
    wholeNumbers(row.number, numbers),
  );
  // One statement: the old row (locked), the upsert and the change to the totals' buckets.
  await ex.execute(sql`
    with prev as (
      select ${BUCKET}, total, open_amount as open from ${documentRegister}
      where doc_kind = ${row.doc_kind} and doc_id = ${row.doc_id} for update
    ), curr as (
      insert into ${documentRegister} (doc_kind, doc_id, company_id, counterparty_kind, counterparty_id,
        counterparty_name, counterparty_sort, number, request_numbers, issue_date, due_date, currency, total,
        settled_amount, payment_status, sent, search_vector)
      values (${row.doc_kind}, ${row.doc_id}, ${row.company_id}, ${row.counterparty_kind}, ${row.counterparty_id},
        ${name}, ${sortKey(row.counterparty_name).slice(0, 220)}, ${row.number}, ${numbers}, ${row.issue_date},
        ${row.due_date}, ${row.currency}, ${row.total}, ${row.settled_amount}, ${row.payment_status}, ${row.sent},
        ${vector}::tsvector)
      on conflict (doc_kind, doc_id) do update set company_id = excluded.company_id,
        counterparty_kind = excluded.counterparty_kind, counterparty_id = excluded.counterparty_id,
        counterparty_name = excluded.counterparty_name, counterparty_sort = excluded.counterparty_sort,
        number = excluded.number, request_numbers = excluded.request_numbers, issue_date = excluded.issue_date,
        due_date = excluded.due_date, currency = excluded.currency, total = excluded.total,
        settled_amount = excluded.settled_amount, payment_status = excluded.payment_status, sent = excluded.sent,
        search_vector = excluded.search_vector
      returning ${BUCKET}, total, open_amount as open
    )
    ${appendDeltas}`);
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
    await ex.execute(sql`
      with prev as (
        delete from ${documentRegister} where doc_kind = 'bill' and doc_id = ${billId}
        returning ${BUCKET}, total, open_amount as open
      ), curr as (select * from prev where false)
      ${appendDeltas}`);
  },

  /**
   * Folds the appended deltas into the sums, in one transaction: the totals read sums + deltas, so
   * they are the same before and after. Buckets are upserted in key order, so two foldings queue
   * rather than deadlock; a delta taken by one is skipped by the other.
   */
  async foldDeltas(ex: Executor): Promise<void> {
    await ex.execute(sql`
      with taken as (delete from document_register_deltas returning ${BUCKET_KEYS}, count, total, open)
      insert into ${documentRegisterSums} as s (${BUCKET_KEYS}, count, total, open)
      select ${BUCKET_KEYS}, sum(count), sum(total), sum(open) from taken
      group by ${BUCKET_KEYS} order by ${BUCKET_KEYS}
      on conflict (${BUCKET_KEYS}) do update set count = s.count + excluded.count,
        total = s.total + excluded.total, open = s.open + excluded.open`);
  },
};

import type { AccountType } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { xeroConnections, xeroRecords } from './xero.table.ts';
import type { PushBill, PushCreditNote, PushInvoice, PushPayment } from './xero-invoice.mapping.ts';

type Line = { doc_id: number; description: string; account_type: AccountType; amount: string };

function group<T extends { id: number; lines: unknown[] }>(docs: Omit<T, 'lines'>[], lines: Line[]): T[] {
  const byDoc = new Map<number, Line[]>();
  for (const l of lines) byDoc.set(l.doc_id, [...(byDoc.get(l.doc_id) ?? []), l]);
  return docs.map((d) => ({ ...d, lines: byDoc.get(d.id) ?? [] }) as T);
}

/** What the invoices push reads: issued invoices, bills, allocations, and the connected tenant. */
export const xeroPushRepository = {
  /**
   * The Xero organisation of the connection whether or not its grant still works (a record's links
   * stay true while the grant is revoked), or null. A push needs `xeroSyncRepository.connectedTenant`.
   */
  async linkedTenant(ex: Executor): Promise<string | null> {
    const rows = await ex
      .select({ tenant_id: xeroConnections.tenant_id })
      .from(xeroConnections)
      .where(eq(xeroConnections.id, 1));
    return rows[0]?.tenant_id ?? null;
  },

  /** Issued client invoices (not credit notes: `creditNotes`) with their lines, in number order. */
  async invoices(ex: Executor): Promise<PushInvoice[]> {
    const docs = await queryRows<Omit<PushInvoice, 'lines'>>(
      ex,
      sql`select i.id, i.number, i.client_id, trim(c.first_name || ' ' || c.last_name) as client_name,
            r.number as request_number, i.issue_date::text as issue_date, i.due_date::text as due_date,
            i.currency
          from client_invoices i
          join clients c on c.id = i.client_id
          left join requests r on r.id = i.request_id
          where i.kind = 'invoice'
          order by i.id`,
    );
    const lines = await queryRows<Line>(
      ex,
      sql`select l.invoice_id as doc_id, l.description, l.account_type, l.amount::text as amount
          from client_invoice_lines l join client_invoices i on i.id = l.invoice_id
          where i.kind = 'invoice'
          order by l.invoice_id, l.position`,
    );
    return group<PushInvoice>(docs, lines);
  },

  /** Supplier bills with their lines' cost and what each line was. */
  async bills(ex: Executor): Promise<PushBill[]> {
    const docs = await queryRows<Omit<PushBill, 'lines'>>(
      ex,
      sql`select b.id, b.number, b.supplier_id, s.name as supplier_name, b.issue_date::text as issue_date,
            b.due_date::text as due_date, b.currency, b.amount::text as amount, b.difference_explanation
          from supplier_invoices b join suppliers s on s.id = b.supplier_id
          order by b.id`,
    );
    const lines = await queryRows<Line>(
      ex,
      sql`select bl.bill_id as doc_id,
            r.number || ' · ' || coalesce(nullif(concat_ws(', ', rl.hotel_name, rl.room_type), ''),
              rl.route, rl.service_subtype, rl.service_type) as description,
            rl.account_type, bl.amount::text as amount
          from supplier_invoice_lines bl
          join request_lines rl on rl.id = bl.line_id
          join requests r on r.id = bl.request_id
          order by bl.bill_id, bl.id`,
    );
    return group<PushBill>(docs, lines);
  },

  /** Allocations against client invoices (not credit notes) and bills: the payments Xero should hold. */
  async payments(ex: Executor): Promise<PushPayment[]> {
    return queryRows<PushPayment>(
      ex,
      sql`select a.id, a.invoice_id, a.bill_id, t.bank_id, a.date::text as date,
            a.document_amount::text as document_amount, t.reference,
            coalesce(i.number, b.number) as document_number
          from allocations a
          join bank_transactions t on t.id = a.transaction_id
          left join client_invoices i on i.id = a.invoice_id
          left join supplier_invoices b on b.id = a.bill_id
          where (i.kind = 'invoice') or (a.bill_id is not null)
          order by a.id`,
    );
  },

  /** Issued credit notes (their lines negative, as stored) and what each applied to which invoice. */
  async creditNotes(ex: Executor): Promise<PushCreditNote[]> {
    const docs = await queryRows<Omit<PushCreditNote, 'lines' | 'applications'>>(
      ex,
      sql`select n.id, n.number, n.client_id, trim(c.first_name || ' ' || c.last_name) as client_name,
            o.number as credits_number, n.issue_date::text as issue_date, n.currency
          from client_invoices n
          join clients c on c.id = n.client_id
          join client_invoices o on o.id = n.credits_invoice_id
          where n.kind = 'credit_note'
          order by n.id`,
    );
    const lines = await queryRows<Line>(
      ex,
      sql`select l.invoice_id as doc_id, l.description, l.account_type, l.amount::text as amount
          from client_invoice_lines l join client_invoices i on i.id = l.invoice_id
          where i.kind = 'credit_note'
          order by l.invoice_id, l.position`,
    );
    const applications = await queryRows<PushCreditNote['applications'][number] & { credit_note_id: number }>(
      ex,
      sql`select a.credit_note_id, a.invoice_id, i.number as invoice_number, a.amount::text as amount,
            (a.created_at at time zone 'UTC')::date::text as date
          from credit_applications a join client_invoices i on i.id = a.invoice_id
          order by a.id`,
    );
    return group<PushCreditNote>(
      docs.map((d) => ({
        ...d,
        applications: applications
          .filter((a) => a.credit_note_id === d.id)
          .map(({ credit_note_id: _, ...a }) => a),
      })),
      lines,
    );
  },

  /** Payments pushed for allocations that no longer exist (unmatched since): to delete in Xero. */
  async orphanPayments(
    ex: Executor,
    tenantId: string,
  ): Promise<Array<{ record_id: number; xero_id: string | null }>> {
    return queryRows(
      ex,
      sql`select x.record_id, x.xero_id from xero_records x
          where x.tenant_id = ${tenantId} and x.kind = 'payment'
            and not exists (select 1 from allocations a where a.id = x.record_id)
          order by x.record_id`,
    );
  },

  /** The payment was deleted in Xero: the link goes. */
  async dropLink(ex: Executor, tenantId: string, kind: 'payment', recordId: number): Promise<void> {
    await ex
      .delete(xeroRecords)
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          eq(xeroRecords.kind, kind),
          eq(xeroRecords.record_id, recordId),
        ),
      );
  },
};

import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

export interface WorkspaceCountsRow {
  unmatched_transactions: number;
  invoices_to_issue: number;
  overdue_invoices: number;
  vouchers_due: number;
  log_waiting: number;
  newest_set_at: Date | string | null;
}

/**
 * The workspace's counts in one statement (decision 0011, "Workspace"), each an indexed count
 * defined as the list it opens filters:
 * - bank lines not fully allocated (`bank_transactions_match_idx`); transfer legs are kept out
 *   by being fully allocated to themselves, so no type test here;
 * - requests with a Confirmed line not on a live invoice (the live-line key of invoice lines for
 *   the not-exists);
 * - client invoices not Paid and due before today, as the list's `overdue=true`
 *   (`document_register_overdue_idx`);
 * - vouchers not Paid due by this ISO week's Sunday, overdue ones included, as the vouchers tab's
 *   `due=this_week` (`payment_vouchers_open_due_idx`);
 * - LOG records waiting for an accountant (NEW; `log_records_status_idx`);
 * - and when the newest rate set was saved (`rate_sets_created_at_idx`).
 */
export async function workspaceCounts(
  ex: Executor,
  { today, sunday }: { today: string; sunday: string },
): Promise<WorkspaceCountsRow> {
  const [row] = await queryRows<WorkspaceCountsRow>(
    ex,
    sql`select
      (select count(*)::int from bank_transactions where match_status = 'unmatched') as unmatched_transactions,
      (select count(distinct l.request_id)::int from request_lines l
        where l.status = 'Confirmed'
          and not exists (select 1 from client_invoice_lines il
                          where il.line_id = l.id and il.amount > 0 and il.credited_at is null)
      ) as invoices_to_issue,
      (select count(*)::int from document_register
        where doc_kind = 'invoice' and payment_status <> 'Paid' and due_date < ${today}::date
      ) as overdue_invoices,
      (select count(*)::int from payment_vouchers
        where status <> 'Paid' and due_date <= ${sunday}::date) as vouchers_due,
      (select count(*)::int from log_records where status = 'NEW') as log_waiting,
      (select max(created_at) from rate_sets) as newest_set_at`,
  );
  return row!;
}

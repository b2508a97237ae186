import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

export interface WorkspaceCountsRow {
  unmatched_transactions: number;
  invoices_to_issue: number;
  overdue_invoices: number;
  vouchers_due: number;
  log_waiting: number;
  newest_set_at: Date | string | null;
  /** Rows of `workspace_count_deltas`, counted up to FOLD_AT + 1. */
  deltas: number;
}

/** Past this many change rows, a read folds them into one. */
export const FOLD_AT = 500;

/**
 * The workspace's counts in one statement (decision 0011, "Workspace"), each defined as the list
 * it opens filters:
 * - bank lines not fully allocated: kept by triggers as changes (`workspace.table.ts`), summed
 *   here; transfer legs are kept out by being fully allocated, so no type test;
 * - requests with a Confirmed line, from `request_lines_confirmed_idx` alone: a Confirmed line is
 *   never on a live invoice (issuing makes it Invoiced and a credit note Confirmed again, each in
 *   the transaction that writes the invoice line), so no look at the invoice lines;
 * - client invoices not Paid and due before today, as the list's `overdue=true`
 *   (`document_register_overdue_invoices_idx`);
 * - vouchers not Paid due by this ISO week's Sunday, overdue ones included, as the vouchers tab's
 *   `due=this_week`: Inactive and Active are the statuses other than Paid, two ranges of
 *   `payment_vouchers_status_idx`;
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
      (select coalesce(sum(n), 0)::int from workspace_count_deltas where key = 'unmatched_transactions')
        as unmatched_transactions,
      (select count(distinct request_id)::int from request_lines where status = 'Confirmed')
        as invoices_to_issue,
      (select count(*)::int from document_register
        where doc_kind = 'invoice' and payment_status <> 'Paid' and due_date < ${today}::date
      ) as overdue_invoices,
      (select count(*)::int from payment_vouchers
        where status in ('Inactive', 'Active') and due_date <= ${sunday}::date) as vouchers_due,
      (select count(*)::int from log_records where status = 'NEW') as log_waiting,
      (select max(created_at) from rate_sets) as newest_set_at,
      (select count(*)::int from (select 1 from workspace_count_deltas limit ${FOLD_AT + 1}) d) as deltas`,
  );
  return row!;
}

/**
 * Folds each key's change rows into one, in one statement: a concurrent fold skips the rows this
 * one took, and a reader sees the rows before or after, the same sum.
 */
export async function foldWorkspaceCounts(ex: Executor): Promise<void> {
  await ex.execute(sql`
    with taken as (delete from workspace_count_deltas returning key, n)
    insert into workspace_count_deltas (key, n)
    select key, sum(n)::int from taken group by key`);
}

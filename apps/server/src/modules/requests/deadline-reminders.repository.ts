import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

export type PaymentReminderKind = 'payment_due' | 'payment_overdue';

export interface ClaimedPaymentReminder {
  deadline_id: number;
  request_id: number;
  number: string;
  type: string;
  due_date: string;
  amount: string;
  currency: string;
  fo_manager_id: number | null;
  bo_manager_id: number | null;
}

/**
 * Claims the payment reminders of `kind` not sent yet: `payment_due` for a deadline payment due
 * today or tomorrow, `payment_overdue` for one due before today and on or after `overdueFrom`
 * (the reminders' window, `OVERDUE_REMINDER_DAYS`), each only while unpaid (its
 * voucher, if any, is not Paid: decision 0010) on a live line of a live request, as the deadlines
 * list counts them. One `insert … select … on conflict do nothing returning` into
 * `reminders_sent`, keyed by the due date, so each is claimed once and a moved date reminds again.
 */
export async function claimPaymentReminders(
  ex: Executor,
  kind: PaymentReminderKind,
  days: { today: string; overdueFrom: string },
  limit: number,
): Promise<ClaimedPaymentReminder[]> {
  const { today, overdueFrom } = days;
  const window =
    kind === 'payment_due'
      ? sql`d.due_date >= ${today}::date and d.due_date <= ${today}::date + 1`
      : sql`d.due_date >= ${overdueFrom}::date and d.due_date < ${today}::date`;
  return queryRows<ClaimedPaymentReminder>(
    ex,
    sql`with claimed as (
        insert into reminders_sent (kind, subject_id, due)
        select ${kind}, d.id, d.due_date::timestamp at time zone 'UTC'
        from line_deadlines d
        join request_lines l on l.id = d.line_id
        join requests r on r.id = d.request_id
        where ${window}
          and r.canceled_at is null
          and l.status is distinct from 'Canceled'
          and not exists (select 1 from payment_vouchers v where v.deadline_id = d.id and v.status = 'Paid')
          and not exists (
            select 1 from reminders_sent s
            where s.kind = ${kind} and s.subject_id = d.id and s.due = d.due_date::timestamp at time zone 'UTC'
          )
        order by d.due_date, d.id
        limit ${limit}
        on conflict do nothing
        returning subject_id
      )
      select d.id as deadline_id, d.request_id, r.number, d.type, d.due_date::text as due_date,
        d.amount::text as amount, l.cost_currency as currency, r.fo_manager_id, r.bo_manager_id
      from claimed c
      join line_deadlines d on d.id = c.subject_id
      join request_lines l on l.id = d.line_id
      join requests r on r.id = d.request_id
      order by d.due_date, d.id`,
  );
}

import { formatDisplayDate } from '@app/shared';
import type { JobContext } from '../../platform/jobs.ts';
import { drainReminders, overdueSince } from '../notifications/reminders.ts';
import { type ClaimedPaymentReminder, claimPaymentReminders } from './deadline-reminders.repository.ts';

export const PAYMENT_REMINDERS_JOB = 'payment-reminders';
export const PAYMENT_REMINDERS_INTERVAL_MS = 10 * 60_000;

const todayOf = (d: Date) => d.toISOString().slice(0, 10);

/** 'Prepayment 1200.00 GBP due 12/03/2026 · BSLF-2026-00042' */
const describe = (p: ClaimedPaymentReminder) =>
  `${p.type} ${p.amount} ${p.currency} due ${formatDisplayDate(p.due_date)} · ${p.number}`;

const managersOf = (p: ClaimedPaymentReminder) =>
  [p.fo_manager_id, p.bo_manager_id].filter((id): id is number => id !== null);

const dataOf = (p: ClaimedPaymentReminder) => ({
  request_id: p.request_id,
  number: p.number,
  deadline_id: p.deadline_id,
  due_date: p.due_date,
  amount: p.amount,
  currency: p.currency,
});

/**
 * Reminders of a request's deadline payments (issue 13), once each, to its FO and BO managers:
 * PaymentDeadline the day before (and on the day, for one set that late), PaymentOverdue once the
 * day has passed unpaid, for a day within the last `OVERDUE_REMINDER_DAYS` days (older ones are
 * history: the first run after an import does not send them). Days are UTC days, as the deadlines
 * list reads them. Claimed in `reminders_sent` in the run's transaction with the notifications:
 * nothing is sent twice.
 */
export async function sendPaymentReminders({ tx, now }: Pick<JobContext, 'tx' | 'now'>): Promise<{
  due: number;
  overdue: number;
}> {
  const today = todayOf(now);
  const overdueFrom = todayOf(overdueSince(now));
  const sent = await drainReminders(tx, [
    {
      kind: 'payment_overdue',
      claim: (limit) => claimPaymentReminders(tx, 'payment_overdue', { today, overdueFrom }, limit),
      notice: (p) => ({
        userIds: managersOf(p),
        message: { type: 'PaymentOverdue', title: `Payment overdue: ${describe(p)}`, data: dataOf(p) },
      }),
    },
    {
      kind: 'payment_due',
      claim: (limit) => claimPaymentReminders(tx, 'payment_due', { today, overdueFrom }, limit),
      notice: (p) => ({
        userIds: managersOf(p),
        message: {
          type: 'PaymentDeadline',
          title: `Payment due ${p.due_date === today ? 'today' : 'tomorrow'}: ${describe(p)}`,
          data: dataOf(p),
        },
      }),
    },
  ]);
  return { due: sent.payment_due, overdue: sent.payment_overdue };
}

import { formatDisplayDate } from '@app/shared';
import type { JobContext } from '../../platform/jobs.ts';
import { notify } from '../notifications/notifications.service.ts';
import { type ClaimedPaymentReminder, claimPaymentReminders } from './deadline-reminders.repository.ts';

export const PAYMENT_REMINDERS_JOB = 'payment-reminders';
export const PAYMENT_REMINDERS_INTERVAL_MS = 10 * 60_000;
const BATCH = 500;
/** A backlog is worked off over several runs, not in one transaction. */
const MAX_BATCHES = 5;

const todayOf = (d: Date) => d.toISOString().slice(0, 10);

/** 'Prepayment 1200.00 GBP due 12/03/2026 · BSLF-2026-00042' */
const describe = (p: ClaimedPaymentReminder) =>
  `${p.type} ${p.amount} ${p.currency} due ${formatDisplayDate(p.due_date)} · ${p.number}`;

/**
 * Reminders of a request's deadline payments (issue 13), once each, to its FO and BO managers:
 * PaymentDeadline the day before (and on the day, for one set that late), PaymentOverdue once the
 * day has passed unpaid. Days are UTC days, as the deadlines list reads them. Claimed in
 * `reminders_sent` in the run's transaction with the notifications: nothing is sent twice.
 */
export async function sendPaymentReminders({ tx, now }: Pick<JobContext, 'tx' | 'now'>): Promise<{
  due: number;
  overdue: number;
}> {
  const today = todayOf(now);
  const sent = { due: 0, overdue: 0 };
  for (const kind of ['payment_overdue', 'payment_due'] as const) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claimed = await claimPaymentReminders(tx, kind, today, BATCH);
      for (const p of claimed) {
        const managers = [p.fo_manager_id, p.bo_manager_id].filter((id): id is number => id !== null);
        const data = {
          request_id: p.request_id,
          number: p.number,
          deadline_id: p.deadline_id,
          due_date: p.due_date,
          amount: p.amount,
          currency: p.currency,
        };
        if (kind === 'payment_due')
          await notify(tx, managers, {
            type: 'PaymentDeadline',
            title: `Payment due ${p.due_date === today ? 'today' : 'tomorrow'}: ${describe(p)}`,
            data,
          });
        else
          await notify(tx, managers, {
            type: 'PaymentOverdue',
            title: `Payment overdue: ${describe(p)}`,
            data,
          });
      }
      sent[kind === 'payment_due' ? 'due' : 'overdue'] += claimed.length;
      if (claimed.length < BATCH) break;
    }
  }
  return sent;
}

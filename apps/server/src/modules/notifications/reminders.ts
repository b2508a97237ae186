import type { Executor } from '../../db/client.ts';
import { type NotificationItem, notifyMany } from './notifications.service.ts';

const DAY_MS = 86_400_000;

/**
 * How far back an overdue reminder reaches: a deadline that passed more than 7 days before a run
 * is never reminded of. The first run after a deploy, an import or a long stop would otherwise
 * send the whole history at once (years of overdue tasks and payments: thousands of notices
 * nobody can act on); within the week, a reminder missed while the job was down still comes.
 */
export const OVERDUE_REMINDER_DAYS = 7;

/** The earliest deadline an overdue reminder of a run at `now` is about. */
export const overdueSince = (now: Date): Date => new Date(now.getTime() - OVERDUE_REMINDER_DAYS * DAY_MS);

/** One kind of reminder a job sends (`task_due`, `payment_overdue`, ...). */
export interface ReminderKind<K extends string, C> {
  kind: K;
  /**
   * Claims up to `limit` reminders of this kind not sent yet, in the run's transaction (in
   * `reminders_sent`, so none is claimed twice), oldest deadline first.
   */
  claim: (limit: number) => Promise<C[]>;
  /** The notification one claimed reminder raises. */
  notice: (claimed: C) => NotificationItem;
}

export interface DrainLimits {
  /** Reminders claimed and stored per statement. */
  batch: number;
  /** Batches per kind and run: a backlog is worked off over several runs, not in one transaction. */
  maxBatches: number;
}

export const REMINDER_LIMITS: DrainLimits = { batch: 500, maxBatches: 5 };

/**
 * Claims and sends the reminders of each kind in turn, batch by batch: per batch one claim, one
 * insert of its notifications and (after the commit) one count of the addressees' unread rows
 * (`notifyMany`). Answers how many of each kind were sent.
 */
export async function drainReminders<K extends string, C>(
  tx: Executor,
  kinds: ReadonlyArray<ReminderKind<K, C>>,
  limits: DrainLimits = REMINDER_LIMITS,
): Promise<Record<K, number>> {
  const sent = {} as Record<K, number>;
  for (const { kind, claim, notice } of kinds) {
    sent[kind] = 0;
    for (let batch = 0; batch < limits.maxBatches; batch++) {
      const claimed = await claim(limits.batch);
      await notifyMany(tx, claimed.map(notice));
      sent[kind] += claimed.length;
      if (claimed.length < limits.batch) break;
    }
  }
  return sent;
}

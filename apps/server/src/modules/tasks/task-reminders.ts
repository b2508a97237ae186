import type { JobContext } from '../../platform/jobs.ts';
import { drainReminders, overdueSince } from '../notifications/reminders.ts';
import { type ClaimedTaskReminder, tasksRepository as repo } from './tasks.repository.ts';

export const TASK_REMINDERS_JOB = 'task-reminders';
export const TASK_REMINDERS_INTERVAL_MS = 5 * 60_000;
/** "The day before": a deadline within the next 24 hours. */
export const TASK_DUE_WITHIN_MS = 24 * 3_600_000;

const dataOf = (task: ClaimedTaskReminder) => ({
  task_id: task.id,
  deadline: task.deadline?.toISOString() ?? null,
});

/**
 * Deadline reminders for tasks (issue 13), once each: TaskDeadline to the assignee when the
 * deadline comes within a day, TaskOverdue to the assignee and the author once it has passed
 * (within the last `OVERDUE_REMINDER_DAYS` days: older ones are history, not news), for tasks not
 * in Control or Completed. What was sent is claimed in `reminders_sent` in the run's transaction
 * with the notifications, so a rerun, a restart or a second process sends nothing twice; a moved
 * deadline is a new key and reminds again.
 */
export async function sendTaskReminders({ tx, now }: Pick<JobContext, 'tx' | 'now'>): Promise<{
  due: number;
  overdue: number;
}> {
  const due = { from: now, to: new Date(now.getTime() + TASK_DUE_WITHIN_MS) };
  const overdue = { from: overdueSince(now), to: now };
  const sent = await drainReminders(tx, [
    {
      kind: 'task_overdue',
      claim: (limit) => repo.claimReminders(tx, 'task_overdue', overdue, limit),
      notice: (task) => ({
        userIds: [task.assignee_id, task.author_id],
        message: { type: 'TaskOverdue', title: `Task overdue: ${task.title}`, data: dataOf(task) },
      }),
    },
    {
      kind: 'task_due',
      claim: (limit) => repo.claimReminders(tx, 'task_due', due, limit),
      notice: (task) => ({
        userIds: [task.assignee_id],
        message: { type: 'TaskDeadline', title: `Task due within a day: ${task.title}`, data: dataOf(task) },
      }),
    },
  ]);
  return { due: sent.task_due, overdue: sent.task_overdue };
}

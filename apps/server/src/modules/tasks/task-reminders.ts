import type { JobContext } from '../../platform/jobs.ts';
import { notify } from '../notifications/notifications.service.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

export const TASK_REMINDERS_JOB = 'task-reminders';
export const TASK_REMINDERS_INTERVAL_MS = 5 * 60_000;
/** "The day before": a deadline within the next 24 hours. */
export const TASK_DUE_WITHIN_MS = 24 * 3_600_000;
const BATCH = 500;
/** A backlog (a long stop, a bulk import) is worked off over several runs, not in one transaction. */
const MAX_BATCHES = 5;

/**
 * Deadline reminders for tasks (issue 13), once each: TaskDeadline to the assignee when the
 * deadline comes within a day, TaskOverdue to the assignee and the author once it has passed,
 * for tasks not in Control or Completed. What was sent is claimed in `reminders_sent` in the
 * run's transaction with the notifications, so a rerun, a restart or a second process sends
 * nothing twice; a moved deadline is a new key and reminds again.
 */
export async function sendTaskReminders({ tx, now }: Pick<JobContext, 'tx' | 'now'>): Promise<{
  due: number;
  overdue: number;
}> {
  const sent = { due: 0, overdue: 0 };
  for (const kind of ['task_overdue', 'task_due'] as const) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claimed = await repo.claimReminders(tx, kind, now, TASK_DUE_WITHIN_MS, BATCH);
      for (const task of claimed) {
        const data = { task_id: task.id, deadline: task.deadline?.toISOString() ?? null };
        if (kind === 'task_due')
          await notify(tx, [task.assignee_id], {
            type: 'TaskDeadline',
            title: `Task due within a day: ${task.title}`,
            data,
          });
        else
          await notify(tx, [task.assignee_id, task.author_id], {
            type: 'TaskOverdue',
            title: `Task overdue: ${task.title}`,
            data,
          });
      }
      sent[kind === 'task_due' ? 'due' : 'overdue'] += claimed.length;
      if (claimed.length < BATCH) break;
    }
  }
  return sent;
}

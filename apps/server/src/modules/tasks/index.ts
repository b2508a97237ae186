import { TASKS_ACCESS } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { sendTaskReminders, TASK_REMINDERS_INTERVAL_MS, TASK_REMINDERS_JOB } from './task-reminders.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { seedTasks } from './tasks.seed.ts';
import { createTasksService, TASK_ENTITY } from './tasks.service.ts';

/** Tasks (issue 13): the list, the card, the Control rule, NewTask notices and deadline reminders. */
async function registerTasksModule(app: App, core: Core): Promise<void> {
  const tasks = createTasksService({ db: core.db });
  // A task's history is its readers' alone (author, assignee, Admin), not every FO's and BO's.
  auditRegistry.register(TASK_ENTITY, TASKS_ACCESS, (ctx, id) => tasks.canReadHistory(ctx, id));
  await tasksRoutes(app, { tasks });
  core.jobs.every(TASK_REMINDERS_JOB, TASK_REMINDERS_INTERVAL_MS, async (ctx) => {
    const sent = await sendTaskReminders(ctx);
    if (sent.due || sent.overdue) ctx.log.info({ job: TASK_REMINDERS_JOB, ...sent }, 'task reminders sent');
  });
}

export const tasksModule: ServerModule = { name: 'tasks', register: registerTasksModule, seed: seedTasks };

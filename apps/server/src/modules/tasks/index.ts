import type { ServerModule } from '../../platform/module.ts';

/** Tasks (issue 13): routes, reminders and seed come with the tasks work. */
export const tasksModule: ServerModule = { name: 'tasks', register: async () => {} };

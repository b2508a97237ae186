import type { ServerModule } from '../../platform/module.ts';

/**
 * Notifications are stored by the modules whose changes cause them (`notify` in
 * `notifications.service.ts`, in their transaction); the list and read routes come with the
 * notifications issue.
 */
export const notificationsModule: ServerModule = { name: 'notifications', register: async () => {} };

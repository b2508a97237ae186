import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

/**
 * Notifications are stored by the modules whose changes cause them (`notify` in
 * `notifications.service.ts`, in their transaction) and reach the addressee's sockets after the
 * commit; this module lists them and marks them read.
 */
async function registerNotificationsModule(app: App, core: Core): Promise<void> {
  await notificationsRoutes(app, { notifications: createNotificationsService({ db: core.db }) });
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  register: registerNotificationsModule,
};

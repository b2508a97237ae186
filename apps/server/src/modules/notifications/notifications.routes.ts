import {
  AUTHENTICATED,
  envelope,
  IdParamsSchema,
  NotificationCounterSchema,
  NotificationListMetaSchema,
  NotificationListQuerySchema,
  NotificationSchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
// Everyone signed in, each to their own notifications only (the service filters by the caller).
const config = { access: AUTHENTICATED };
const counter = { 200: envelope(NotificationCounterSchema) };

export async function notificationsRoutes(
  app: App,
  { notifications }: { notifications: NotificationsService },
) {
  app.get(
    '/notifications/',
    {
      config,
      schema: {
        tags,
        description: '`unread=true` lists the unread ones, `unread=false` the read ones; newest first.',
        querystring: NotificationListQuerySchema,
        response: { 200: z.object({ data: z.array(NotificationSchema), meta: NotificationListMetaSchema }) },
      },
    },
    async (request) => notifications.list(ctxOf(request), request.query),
  );

  // Before `:id/read/` in the source only for the reader: the router tells them apart by shape.
  app.post('/notifications/read-all/', { config, schema: { tags, response: counter } }, async (request) => ({
    data: await notifications.markAllRead(ctxOf(request)),
  }));

  app.post(
    '/notifications/:id/read/',
    { config, schema: { tags, params: IdParamsSchema, response: counter } },
    async (request) => ({ data: await notifications.markRead(ctxOf(request), request.params.id) }),
  );
}

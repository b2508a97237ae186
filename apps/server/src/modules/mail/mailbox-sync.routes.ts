import { envelope, IdParamsSchema, MAILBOX_ADMIN_ACCESS, MailboxSyncResultSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { syncMailboxNow } from './mailbox-sync.service.ts';

/** `POST mail/mailboxes/{id}/sync/` (Admin): "Sync now", bounded in time (`syncMailboxNow`). */
export async function mailboxSyncRoutes(app: App, deps: MailDeps): Promise<void> {
  app.post(
    '/mail/mailboxes/:id/sync/',
    {
      config: { access: MAILBOX_ADMIN_ACCESS },
      schema: {
        tags: ['mail'],
        params: IdParamsSchema,
        response: { 200: envelope(MailboxSyncResultSchema) },
      },
    },
    async (request) => ({ data: await syncMailboxNow(deps, request.params.id) }),
  );
}

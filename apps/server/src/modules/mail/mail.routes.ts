import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailSendRoutes } from './mail-send.routes.ts';
import { mailboxSyncRoutes } from './mailbox-sync.routes.ts';
import { mailboxesRoutes } from './mailboxes.routes.ts';
import { messagesRoutes } from './messages.routes.ts';

/** The mail API (API.md "Mail", decision 0014): mailboxes, folders, messages, attachments, sending. */
export async function mailRoutes(app: App, deps: MailDeps): Promise<void> {
  await mailboxesRoutes(app, deps);
  await messagesRoutes(app, deps);
  await mailSendRoutes(app, deps);
  await mailboxSyncRoutes(app, deps);
}

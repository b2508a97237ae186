import {
  envelope,
  IdParamsSchema,
  MAIL_MESSAGES,
  MAILBOX_ADMIN_ACCESS,
  MailboxSyncResultSchema,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes } from './mail.table.ts';
import { exclusivePass, MailSyncError, passUnderWay, syncMailbox } from './mail-sync.ts';

/**
 * How long the route's pass may store before it answers: a first sync of 50,000 messages takes
 * minutes, and the request is not to hold them; the background carries on from the cursor.
 */
export const MAIL_SYNC_ROUTE_BUDGET_MS = 5_000;

/**
 * `POST mail/mailboxes/{id}/sync/` (Admin): one pass now, whatever the background is doing (it
 * waits for this process's pass of the mailbox under way; another process's is harmless, nothing
 * is stored twice), bounded by MAIL_SYNC_ROUTE_BUDGET_MS from its start: it answers how many it
 * stored and `more` when messages are left for the background's passes. While this process's
 * background pass of the mailbox is under way (a first sync takes minutes), it answers at once:
 * nothing stored by it, `more`, that pass storing what has come. A mailbox that cannot be reached is a 400 with the server's reason, also kept
 * as the mailbox's `last_error`.
 */
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
    async (request) => {
      const { id } = request.params;
      const [box] = await deps.db
        .select({ enabled: mailboxes.enabled })
        .from(mailboxes)
        .where(eq(mailboxes.id, id));
      if (!box) throw AppError.notFound('Mailbox');
      if (!box.enabled) throw new AppError('BAD_REQUEST', MAIL_MESSAGES.mailboxDisabled);
      if (passUnderWay(deps.db, id)) return { data: { stored: 0, more: true, folders: [] } };
      try {
        const result = await exclusivePass(deps.db, id, () =>
          // The budget counts from the pass's start, not the request's: waiting for the pass under way is not storing.
          syncMailbox(deps, id, { deadline: Date.now() + MAIL_SYNC_ROUTE_BUDGET_MS }),
        );
        return {
          data: {
            stored: result.stored,
            more: result.more,
            folders: result.folders.map((f) => ({
              id: f.id,
              path: f.path,
              role: f.role,
              stored: f.stored,
              more: f.more,
            })),
          },
        };
      } catch (err) {
        if (err instanceof MailSyncError) throw new AppError('BAD_REQUEST', err.reason);
        throw err;
      }
    },
  );
}
